'use client';
// Hydration support before Lit, from a client component: it runs on a direct load (the element takes
// over the server's shadow root) and after a client-side navigation (the element renders itself
// from its data block), where a <script> in a server component would not run.
import 'onramp-checkout/hydrate';
import { useEffect, useState } from 'react';

/** Shows the widget's status as the app sees it, from the widget's own events. */
export function Hydrate() {
  const [status, setStatus] = useState('');
  useEffect(() => {
    const element = document.querySelector('onramp-checkout');
    if (!element) return;
    setStatus(element.status);
    const onChange = (event: HTMLElementEventMap['onramp-status-change']) => setStatus(event.detail.status);
    element.addEventListener('onramp-status-change', onChange);
    return () => element.removeEventListener('onramp-status-change', onChange);
  }, []);
  return <p data-testid="app-status">{status}</p>;
}
