/**
 * How much of a page the doctor checks: a page can hold thousands of elements, script tags and CSP
 * policies, and checking every element against every policy grows with their product (6,000 × 6,000
 * took 89 s of CPU). Real pages have a few of each: the doctor checks the first ones, up to these
 * bounds, and says how many it left unchecked.
 */
import type { Policy } from './csp-policy.js';
import type { PageElement, PageReading, PageScript } from './read-page.js';

/** `<onramp-checkout>` elements checked at most. */
export const MAX_ELEMENTS = 100;
/** Widget script tags checked at most. */
export const MAX_SCRIPTS = 100;
/** CSP policies checked at most, and their source expressions (directive names included) in all. */
export const MAX_POLICIES = 16;
export const MAX_SOURCES = 4096;

/** What is checked, and the notes saying what was not. */
export interface BoundedWork {
  elements: PageElement[];
  scripts: PageScript[];
  policies: Policy[];
  /** False when some policy was left unchecked: then what the page may load is not known. */
  everyPolicy: boolean;
  notes: string[];
}

const size = (policy: Policy): number =>
  [...policy.directives.values()].reduce((total, sources) => total + 1 + sources.length, 0);

/** The first elements, scripts and policies of the page, within the bounds. */
export function boundWork(reading: PageReading, policies: readonly Policy[]): BoundedWork {
  const notes: string[] = [];
  const { elements, scripts } = reading;
  if (elements.length > MAX_ELEMENTS)
    notes.push(
      `Only the first ${MAX_ELEMENTS} of ${elements.length} <onramp-checkout> elements were checked: ${elements.length - MAX_ELEMENTS} were left unchecked.`,
    );
  if (scripts.length > MAX_SCRIPTS)
    notes.push(
      `Only the first ${MAX_SCRIPTS} of ${scripts.length} widget script tags were checked: ${scripts.length - MAX_SCRIPTS} were left unchecked.`,
    );
  const checked: Policy[] = [];
  let sources = 0;
  for (const policy of policies) {
    if (checked.length === MAX_POLICIES || sources + size(policy) > MAX_SOURCES) break;
    checked.push(policy);
    sources += size(policy);
  }
  const everyPolicy = checked.length === policies.length;
  if (!everyPolicy)
    notes.push(
      `Only the first ${checked.length} of ${policies.length} CSP policies were checked (at most ${MAX_POLICIES}, with ${MAX_SOURCES} sources in all): ${policies.length - checked.length} were left unchecked, so no script was fetched and no API asked (what the page may load is not known).`,
    );
  return {
    elements: elements.slice(0, MAX_ELEMENTS),
    scripts: scripts.slice(0, MAX_SCRIPTS),
    policies: checked,
    everyPolicy,
    notes,
  };
}
