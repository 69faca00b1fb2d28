/**
 * The folder beside the widget's script tag (`dist/cdn/`, served as it is): the script-tag file loads
 * its parts and catalogues from its own directory, so each one the page can need must be there, of
 * the same build (the SHA-256 its loader pins), and allowed by the page's policies. Served as the
 * script alone, the order paints and then the countdowns stop and no result follows: the doctor
 * makes that an error before the page goes live. Fetched within the run's budget, each file once.
 */
import { createHash } from 'node:crypto';
import { LANGUAGES } from '../i18n/languages.js';
import { negotiate } from '../i18n/negotiate.js';
import { CATALOGUE_FILES, PART_FILES, SCRIPT_TAG_FILES, catalogueFile } from '../parts/cdn-folder.js';
import { type Policy, refusal, scriptRefusal } from './csp-policy.js';
import type { CheckedElement } from './element-checks.js';
import { BudgetSpent } from './fetch-budget.js';
import { type Finding, finding } from './findings.js';
import { boundedFetch, type FetchContext, RequestFailed, RequestRefused } from './http.js';
import type { PageScript } from './read-page.js';

const FILE_TIMEOUT_MS = 10_000;
/** Far above any file of the folder (the largest, a part, is about 50 kB): a bound. */
const FILE_MAX_BYTES = 4 * 1024 * 1024;

/** A file read: its bytes, its status, or why it was not (a note's words, or the budget). */
type Read = { bytes: Uint8Array } | { status: string } | { reason: string } | { spent: true };

/** Every SHA-256 pin a file holds (`sha256-` and 44 characters of base64). */
const pinsOf = (bytes: Uint8Array): Set<string> =>
  new Set(new TextDecoder().decode(bytes).match(/sha256-[A-Za-z0-9+/]{43}=/g) ?? []);

const sha256 = (bytes: Uint8Array): string => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/** The languages an element can show beyond English: its `locale` when set, else any the buyer's browser may ask for, within `locales`. */
function languagesOf(element: CheckedElement): string[] {
  const { attributes } = element.element;
  const allowed = attributes
    .get('locales')
    ?.split(/[\s,]+/)
    .filter(Boolean);
  const within = allowed?.length ? allowed : undefined;
  const locale = attributes.get('locale');
  const tags = locale ? [locale] : LANGUAGES.map(({ code }) => code);
  return [...new Set(tags.map((tag) => negotiate([tag], within).entry.code))].filter((code) => code !== 'en');
}

/** Whether an element starts with the order form (no client secret, a session URL): it needs the order part. */
const amountFirst = (element: CheckedElement): boolean =>
  !element.element.config.get('client-secret') && !!element.element.attributes.get('session-url');

export interface FolderCheck {
  findings: Finding[];
  notes: string[];
}

/**
 * Checks the folder of each widget script tag of `page` (a file named as the script-tag files are);
 * `policies` is `null` when some policy was left unchecked (then nothing is fetched).
 */
export async function checkFolders(
  scripts: readonly PageScript[],
  elements: readonly CheckedElement[],
  page: URL,
  policies: readonly Policy[] | null,
  context: FetchContext,
): Promise<FolderCheck> {
  const check: FolderCheck = { findings: [], notes: [] };
  const reads = new Map<string, Promise<Read>>();
  const read = (url: URL): Promise<Read> => {
    let pending = reads.get(url.href);
    if (!pending) reads.set(url.href, (pending = fetchFile(url, context)));
    return pending;
  };
  const languages = [...new Set(elements.flatMap(languagesOf))];
  const needsOrder = elements.some(amountFirst);
  const seen = new Set<string>();
  for (const script of scripts) {
    const { url } = script;
    const name = url?.pathname.split('/').pop() ?? '';
    if (!url || !/^https?:$/.test(url.protocol) || !(SCRIPT_TAG_FILES as readonly string[]).includes(name)) continue;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (policies === null || scriptRefusal(policies, { url, page, nonce: script.nonce, integrity: script.integrity }))
      continue; // not run at all: the script's own findings say why
    const own = await read(url);
    if (!('bytes' in own)) continue; // the script's own checks report it
    const folder = { script: url.href, policies, page, nonce: script.nonce, read };
    const later = await checkFile(folder, check, PART_FILES.later, 'script', pinsOf(own.bytes));
    if (!later) continue;
    const pins = pinsOf(later);
    if (needsOrder) await checkFile(folder, check, PART_FILES.order, 'script', pins);
    // Any page may be opened in a native app's WebView, where the later part loads the bridge part.
    await checkFile(folder, check, PART_FILES.bridge, 'script', pins);
    const catalogues = languages.map(catalogueFile).filter((file) => CATALOGUE_FILES.includes(file));
    // A connect-src that refuses the folder refuses every catalogue in it: said once.
    const first = catalogues[0];
    const refused = first ? refusal(policies, 'connect', { url: new URL(first, url), page }) : null;
    if (refused) {
      const values = { script: url.href, part: 'locales/*.json', url: new URL('locales/', url).href };
      check.findings.push(finding('FOLDER_FILE_REFUSED', { ...values, directive: refused.directive }));
      continue;
    }
    await Promise.all(catalogues.map((file) => checkFile(folder, check, file, 'connect', pins)));
  }
  return check;
}

interface Folder {
  script: string;
  policies: readonly Policy[];
  page: URL;
  nonce: string | undefined;
  read: (url: URL) => Promise<Read>;
}

/** One file beside the script: its finding or note in `check`; its bytes when it is there, of the same build. */
async function checkFile(
  folder: Folder,
  check: FolderCheck,
  file: string,
  kind: 'script' | 'connect',
  pins: ReadonlySet<string>,
): Promise<Uint8Array | null> {
  const url = new URL(file, folder.script);
  const values = { script: folder.script, part: file, url: url.href };
  // A part loads as a script with the script-tag file's nonce and a pinned integrity; a catalogue is fetched.
  const refused =
    kind === 'script'
      ? scriptRefusal(folder.policies, { url, page: folder.page, nonce: folder.nonce, integrity: [...pins][0] })
      : refusal(folder.policies, 'connect', { url, page: folder.page });
  if (refused) {
    check.findings.push(finding('FOLDER_FILE_REFUSED', { ...values, directive: refused.directive }));
    return null;
  }
  const result = await folder.read(url);
  if ('spent' in result) {
    check.notes.push(`${url.href} was not read within the run's bounds: the script's folder was not checked whole.`);
    return null;
  }
  if ('reason' in result) {
    check.notes.push(`${url.href} ${result.reason}: the script's folder was not checked whole.`);
    return null;
  }
  if ('status' in result) {
    check.findings.push(finding('FOLDER_FILE_MISSING', { ...values, status: result.status }));
    return null;
  }
  if (!pins.has(sha256(result.bytes))) {
    check.findings.push(finding('FOLDER_FILE_OTHER_BUILD', values));
    return null;
  }
  return result.bytes;
}

async function fetchFile(url: URL, context: FetchContext): Promise<Read> {
  try {
    const answer = await boundedFetch(url.href, { timeoutMs: FILE_TIMEOUT_MS, maxBytes: FILE_MAX_BYTES }, context);
    if (answer.crossOriginRedirect)
      return { reason: `redirects to ${answer.crossOriginRedirect}, another origin, which the doctor does not follow` };
    if (answer.status < 200 || answer.status > 299) return { status: String(answer.status) };
    if (answer.truncated) return { reason: `is over ${FILE_MAX_BYTES} bytes` };
    return { bytes: answer.body };
  } catch (error) {
    if (error instanceof BudgetSpent) return { spent: true };
    if (error instanceof RequestRefused) return { reason: `was not fetched (${error.message})` };
    if (error instanceof RequestFailed) return { status: `no answer (${error.message})` };
    throw error;
  }
}
