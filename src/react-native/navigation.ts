/**
 * What the WebView does with a load it is asked for (`onShouldStartLoadWithRequest`): the main frame
 * stays on the checkout's origin (and the origin of the URL it was given), anything else the app
 * opens outside; frames inside the page load as the page's own policy (CSP `frame-src`) lets them,
 * and never hand the buyer to another app.
 */
import { REFUSED_SCHEMES } from '../contract/refused-schemes.js';
import { originOf, schemeOf } from './origin.js';

export type NavigationDecision = 'load' | 'open-outside' | 'refuse';

/** The part of react-native-webview's request this reads. */
export interface NavigationRequest {
  url: string;
  /**
   * `false` for a frame inside the page (iOS asks for every frame). Android leaves it out: it asks
   * for the main frame, and for frames only when they go to a scheme that is not the web's.
   */
  isTopFrame?: boolean | undefined;
}

/**
 * Never opened from a page, whoever asks: they run, read or hand off something on the device
 * (the same schemes `return_url` may never be, docs/design.md §10).
 */
const NEVER_OPENED: ReadonlySet<string> = new Set(REFUSED_SCHEMES);

/** What a frame inside the page may load. */
const FRAME_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'about', 'data', 'blob']);

/**
 * `load` in the WebView, `open-outside` (the app opens it: another site, an app's scheme) or
 * `refuse`. `origins` are the origins the main frame may show.
 */
export function decideNavigation(request: NavigationRequest, origins: readonly string[]): NavigationDecision {
  const scheme = schemeOf(request.url);
  if (scheme === null) return 'refuse';
  if (request.isTopFrame === false) return FRAME_SCHEMES.has(scheme) ? 'load' : 'refuse';
  // The blank page a WebView starts with, or that a page opens before writing into it.
  if (request.url === 'about:blank') return 'load';
  const origin = originOf(request.url);
  if (origin !== null && origins.includes(origin)) return 'load';
  return NEVER_OPENED.has(scheme) ? 'refuse' : 'open-outside';
}

/** Whether a URL the page wants opened in a new window may be handed to the app at all. */
export const mayOpenOutside = (url: string): boolean => {
  const scheme = schemeOf(url);
  return scheme !== null && !NEVER_OPENED.has(scheme);
};
