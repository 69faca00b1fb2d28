import { connection } from 'next/server';
import { renderOnrampCheckout } from 'onramp-checkout/ssr';
import { createSession, onramp } from '../onramp';
import { Hydrate } from './hydrate';

// A session per request: rendered at request time, never prerendered.
export const instant = false;

export default async function ServerRenderedPage() {
  await connection();
  const session = await createSession();
  const widget = await renderOnrampCheckout({
    session,
    publishableKey: onramp.publishableKey,
    apiBase: onramp.apiBase,
    checkoutOrigin: onramp.checkoutOrigin,
  });
  return (
    <>
      <h1>Server-rendered checkout</h1>
      {/* Finished HTML from the renderer (escaped by it), sent as it is. */}
      <div dangerouslySetInnerHTML={{ __html: widget }} />
      <Hydrate />
    </>
  );
}
