import { connection } from 'next/server';
import Script from 'next/script';
// The element's JSX type only: the script-tag file defines it in the browser.
import type {} from 'onramp-checkout/types/react';
import { createSession, onramp } from '../onramp';

export const instant = false;

/**
 * The script tag, no bundler: the package's dist/cdn/ folder is copied to public/onramp-checkout/ by
 * the app's own build (`prebuild` in package.json) and served as it is, so the parts and the
 * languages load from beside the script. `next/script` loads it on a direct load and after a
 * client-side navigation alike (a plain `<script>` in a server component runs on a direct load only).
 * The element's attributes are written as the browser reads them (`publishable-key`), since no
 * definition is there when React renders it. Not linked from the other pages: they import the npm
 * build, and one document holds one copy of the element (DUPLICATE_DEFINITION).
 */
export default async function ScriptTagPage() {
  await connection();
  const session = await createSession();
  return (
    <>
      <h1>The script tag</h1>
      <onramp-checkout
        publishable-key={onramp.publishableKey}
        client-secret={session.client_secret}
        redirect-url={session.redirect_url}
        api-base={onramp.apiBase}
        checkout-origin={onramp.checkoutOrigin}
      />
      <Script src="/onramp-checkout/onramp-checkout.iife.js" />
    </>
  );
}
