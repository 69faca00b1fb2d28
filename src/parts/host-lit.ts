/**
 * Lit as the parts of the script-tag build get it: the script-tag file's own `html` and `nothing`
 * (handed over by its part loader), never a second copy of lit-html, which would also ask the page's
 * Trusted Types for a second `lit-html` policy. The part builds alias `lit` to this module.
 */
import type { html as litHtml, nothing as litNothing } from 'lit';
import { PART_REGISTRY } from './parts.js';

const { html, nothing } = (globalThis as unknown as Record<symbol, { lit: { html: typeof litHtml; nothing: typeof litNothing } }>)[
  PART_REGISTRY
]!.lit;

export { html, nothing };
