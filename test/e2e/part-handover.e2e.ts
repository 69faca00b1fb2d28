/**
 * The script-tag file's hand-over to its parts cannot be taken by another script of the page (issue
 * 41): under `require-trusted-types-for 'script'`, a page script that calls the part registry, as the
 * red team did, gets no Trusted Types policy (and so no TrustedScriptURL, for any path), cannot make
 * a policy of the widget's name, and the widget's own part still arrives and ticks.
 */
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import {
  LATER_PART_PATH,
  attributesFor,
  checkoutOriginOf,
  newSession,
  serveWidgetPage,
} from '../support/widget-page.js';
import { widget } from './hardening-helpers.js';
import { expect, test } from './never-silent-helpers.js';

/** What a hostile script of the page tries, once the widget's loader has registered its part. */
const ATTACK = `(() => {
  const tried = (window.__attack = { policy: 'none', url: 'none', ran: false, ownPolicy: 'none' });
  window.__evilRan = () => (tried.ran = true);
  const attempt = () => {
    const registry = globalThis[Symbol.for('onramp-checkout.parts')];
    const key = registry && Object.keys(registry).find((name) => name.endsWith('onramp-checkout.later.js'));
    if (!key) return setTimeout(attempt, 5);
    // The red team's way in: call the registry as if it were the part.
    const policy = registry[key]({});
    tried.policy = policy ? 'obtained' : 'refused';
    if (policy) {
      const element = document.createElement('script');
      try {
        element.src = policy.createScriptURL(key.replace(/onramp-checkout\\.later\\.js$/, '../../evil.js'));
        tried.url = 'made';
        document.head.append(element);
      } catch (error) {
        tried.url = String(error);
      }
    }
    try {
      trustedTypes.createPolicy('onramp-checkout', { createScriptURL: (value) => value });
      tried.ownPolicy = 'made';
    } catch {
      tried.ownPolicy = 'refused';
    }
  };
  attempt();
})();`;

test('a page script that calls the part registry gets no policy and no TrustedScriptURL; the widget’s part still arrives', async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  pages.set('/attack.js', { headers: { 'Content-Type': 'text/javascript' }, body: ATTACK });
  pages.set('/evil.js', { headers: { 'Content-Type': 'text/javascript' }, body: 'window.__evilRan();' });
  const csp = contentSecurityPolicy(new URL(demo.sandbox.apiUrl).origin, checkoutOriginOf(demo));
  expect(csp).toContain("require-trusted-types-for 'script'");
  const url = serveWidgetPage(pages, '/handover', {
    attributes: attributesFor(demo, session, 'test'),
    csp,
    head: '<script src="/attack.js"></script>',
  });
  const partLoaded = page.waitForResponse((response) => response.url().endsWith(LATER_PART_PATH));
  await page.goto(url);
  await partLoaded;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __attack: { policy: string } }).__attack.policy))
    .not.toBe('none');
  const attack = await page.evaluate(() => (window as unknown as { __attack: Record<string, unknown> }).__attack);
  expect(attack).toEqual({ policy: 'refused', url: 'none', ran: false, ownPolicy: 'refused' });
  // The widget's own part was handed over: the countdown ticks.
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  const countdown = page.locator('[part=session-countdown]');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '');
});
