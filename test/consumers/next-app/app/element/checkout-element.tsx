'use client';
import 'onramp-checkout/define';
import type {} from 'onramp-checkout/types/react';
import { useEffect, useRef, useState } from 'react';
import type { CreatedSession } from '../onramp';

interface Props {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: CreatedSession;
}

/**
 * `<onramp-checkout>` itself. On a direct load React hydrates the server's HTML and sets neither
 * properties nor `on…` listeners on a custom element (React issue #35446): the element reads the
 * attributes React wrote, and the events are listened to through a ref, which works either way.
 */
export function CheckoutElement({ publishableKey, apiBase, checkoutOrigin, session }: Props) {
  const ref = useRef<HTMLElementTagNameMap['onramp-checkout']>(null);
  const [status, setStatus] = useState('');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setStatus(element.status);
    const onChange = (event: GlobalEventHandlersEventMap['onramp-status-change']) => setStatus(event.detail.status);
    element.addEventListener('onramp-status-change', onChange);
    return () => element.removeEventListener('onramp-status-change', onChange);
  }, []);
  return (
    <>
      <onramp-checkout ref={ref} publishableKey={publishableKey} clientSecret={session.client_secret} apiBase={apiBase} checkoutOrigin={checkoutOrigin} session={session} />
      <p data-testid="app-status">{status}</p>
    </>
  );
}
