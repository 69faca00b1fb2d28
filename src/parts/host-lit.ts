/**
 * Lit as the parts of the script-tag build get it: the script-tag file's own `html` and `nothing`
 * (handed over by its part loader before the part runs), never a second copy of lit-html, which
 * would also ask the page's Trusted Types for a second `lit-html` policy. The part builds alias `lit`
 * to this module.
 */
import type { html as litHtml, nothing as litNothing } from 'lit';
import { PART_REGISTRY } from './parts.js';

interface HostLit {
  html: typeof litHtml;
  nothing: typeof litNothing;
}

const host = (globalThis as { [PART_REGISTRY]?: { lit?: HostLit } })[PART_REGISTRY]?.lit;
if (!host) throw new Error('onramp-checkout: a part ran without the script-tag file that loads it');

export const { html, nothing } = host;
