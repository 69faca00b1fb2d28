/**
 * Issue 40, finding 6: a page's attribute and data-block values reached the terminal raw (a window
 * title change, a cleared screen, a forged "0 errors … no problem found." line, concealed text, an
 * OSC 8 hyperlink, bidi overrides). The same page, served on loopback, now: the bytes written to
 * stdout, in text and in --json, hold none of those characters raw; they show escaped; the JSON
 * still parses to the page's values; the summary is the only summary line. A server's header that
 * reaches stderr is escaped too.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type CountingServer, countingServer, pagesHandler, runDoctor } from './hostile.test-helpers.js';

const ESC = '\u001b';
const TITLE = `${ESC}]0;pwned\u0007`;
const CLEAR = `${ESC}[2J${ESC}[H`;
const FORGED = '\r\n\n0 errors, 0 warnings: no problem found.\n';
const CONCEAL = `${ESC}[8mhidden${ESC}[28m`;
const LINK = `${ESC}]8;;https://evil.example/${ESC}\\click here${ESC}]8;;${ESC}\\`;
const BIDI = '\u202e\u2066gnp.exe\u2069\u200f\u061c';
/**
 * An api-base that is a URL (the parser drops CR and LF inside one), off loopback: the doctor does
 * not ask it, and its note quotes the value as written. The list of problems' causes collapse whitespace;
 * notes are the doctor's own sentences, so this is where a raw newline could forge a line.
 */
const FORGING_API = 'https://10.0.0.1/\r\n0 errors, 0 warnings: no problem found.\u2028\u202e\r\n';

/** The page's values, written in the HTML raw and as character references (both decode the same). */
const html = `<!doctype html><html><head><title>x</title></head><body>
<onramp-checkout publishable-key="onramp_test_pk_h0st1le" client-secret="ors_h0st1le_secret_abc123"
  api-base="${TITLE}${CLEAR}" checkout-origin="&#x1b;[8mhidden&#13;&#10;0 errors, 0 warnings: no problem found."></onramp-checkout>
<onramp-checkout publishable-key="onramp_test_pk_h0st1le" client-secret="ors_h0st1le_secret_abc123"
  api-base="${FORGED}${CONCEAL}" checkout-origin="http://127.0.0.1:9">
  <script type="application/json">${JSON.stringify({ session: { redirect_url: `${LINK}${BIDI}` } })}</script>
</onramp-checkout>
<onramp-checkout publishable-key="onramp_test_pk_h0st1le" client-secret="ors_h0st1le_secret_abc123"
  api-base="${FORGING_API}"></onramp-checkout>
</body></html>`;

/** Raw in the output: controls but the report's own newlines, format characters, separators. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const withoutNewlines = (text: string) => text.replaceAll('\n', '');

let server: CountingServer;

before(async () => {
  server = await countingServer(
    pagesHandler({
      '/': { headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html },
      // Node writes header values as latin-1: 0x9b is CSI as one C1 character.
      '/not-html': { headers: { 'Content-Type': 'text/plain\u009b2J\u009b8m' }, body: 'x' },
    }),
  );
});

after(() => server.close());

test('text: none of the sequences reaches stdout raw; each shows escaped; one summary line', async () => {
  const { status, stdout, bytes } = await runDoctor(['doctor', `${server.origin}/`]);
  assert.equal(status, 1);
  assert.equal(bytes.includes(0x1b), false, 'no ESC byte');
  assert.equal(bytes.includes(0x07), false, 'no BEL byte');
  assert.equal(bytes.includes(0x0d), false, 'no CR byte');
  assert.doesNotMatch(withoutNewlines(stdout), RAW);
  for (const shown of ['\\u{1b}]0;pwned\\u{7}', '\\u{1b}[2J', '\\u{1b}[8mhidden', '\\u{1b}]8;;https://evil.example/'])
    assert.ok(stdout.includes(shown), shown);
  assert.ok(stdout.includes('\\u{202e}\\u{2066}gnp.exe\\u{2069}\\u{200f}\\u{61c}'));
  assert.ok(stdout.includes('https://10.0.0.1/\\u{d}\\u{a}0 errors, 0 warnings: no problem found.\\u{2028}\\u{202e}'));
  // The forged summary stays inside the finding's line: the only summary is the last line, and true.
  const lines = stdout.trimEnd().split('\n');
  assert.deepEqual(
    lines.filter((line) => /^\d+ errors?, \d+ warnings?:/.test(line)),
    [lines.at(-1)],
  );
  assert.match(lines.at(-1) ?? '', /^[1-9]\d* errors?, .*fix the errors/);
});

test('--json: none of them raw either, and the values parse back as the page wrote them', async () => {
  const { status, stdout } = await runDoctor(['doctor', `${server.origin}/`, '--json']);
  assert.equal(status, 1);
  assert.doesNotMatch(withoutNewlines(stdout), RAW);
  const report = JSON.parse(stdout) as { findings: { code: string; cause: string }[]; notes: string[] };
  const causes = report.findings.map((found) => found.cause).join('\n');
  for (const value of [TITLE, CLEAR, CONCEAL, LINK, BIDI]) assert.ok(causes.includes(value), JSON.stringify(value));
  assert.ok(report.notes.some((note) => note.includes(FORGING_API)));
  assert.deepEqual(report.findings.map((found) => found.code).sort(), [
    'INVALID_API_BASE',
    'INVALID_API_BASE',
    'INVALID_CHECKOUT_ORIGIN',
    'UNSAFE_REDIRECT_URL',
  ]);
});

test("stderr: a server's Content-Type with C1 controls is escaped in the one-line failure", async () => {
  const { status, stdout, stderr } = await runDoctor(['doctor', `${server.origin}/not-html`]);
  assert.equal(status, 2);
  assert.equal(stdout, '');
  assert.doesNotMatch(withoutNewlines(stderr), RAW);
  assert.ok(stderr.includes('text/plain\\u{9b}2J\\u{9b}8m'), stderr);
});
