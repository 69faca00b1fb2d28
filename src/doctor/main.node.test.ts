/**
 * The command line: usage errors and help (exit 2 and 0, no request made), and the text and JSON
 * reports' shapes. The doctor against real pages is test/node/doctor.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DoctorReport } from './doctor.js';
import { finding } from './findings.js';
import { main, parseCommand } from './main.js';
import { formatJson, formatText } from './report.js';

async function run(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { status, stdout, stderr };
}

test('doctor <url> [--json]: the URL normalized, the flag anywhere', () => {
  assert.deepEqual(parseCommand(['doctor', 'https://shop.example']), {
    kind: 'doctor',
    url: 'https://shop.example/',
    json: false,
  });
  assert.deepEqual(parseCommand(['--json', 'doctor', 'http://127.0.0.1:8080/x']), {
    kind: 'doctor',
    url: 'http://127.0.0.1:8080/x',
    json: true,
  });
});

test('bad usage prints the problem and the usage on stderr, exit 2', async () => {
  for (const args of [
    [],
    ['doctor'],
    ['doctor', 'https://shop.example', '--jsn'],
    ['doctr', 'https://shop.example'],
    ['doctor', 'shop.example'],
    ['doctor', 'file:///etc/passwd'],
    ['doctor', 'https://a.example', 'https://b.example'],
  ]) {
    const { status, stdout, stderr } = await run(args);
    assert.equal(status, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.match(stderr, /^onramp-checkout: .+\n\nUsage: onramp-checkout doctor <page-url> \[--json\]/, args.join(' '));
  }
});

test('--help prints the usage on stdout, exit 0', async () => {
  const { status, stdout } = await run(['--help']);
  assert.equal(status, 0);
  assert.match(stdout, /^Usage: onramp-checkout doctor/);
});

const REPORT: DoctorReport = {
  url: 'http://127.0.0.1:8080/',
  findings: [
    finding(
      'CSP_CONNECT_SRC',
      {
        directive: "connect-src 'self'",
        blocked: 'http://127.0.0.1:8787/v1/onramp',
        apiOrigin: 'http://127.0.0.1:8787',
      },
      { index: 1, line: 12 },
    ),
    finding('ELEMENT_NOT_FOUND'),
  ],
  errors: 1,
  warnings: 1,
  notes: ['Redirected to http://127.0.0.1:8080/shop: that page was read.'],
  checked: { elements: 1, scripts: 0, policies: 2, apis: 1 },
};

test('the text report: kind and code, the element, the cause, the fix, notes, the summary last', () => {
  const text = formatText(REPORT);
  assert.match(text, /^onramp-checkout doctor: http:\/\/127\.0\.0\.1:8080\/\n/);
  assert.match(
    text,
    /\nerror CSP_CONNECT_SRC {2}\(<onramp-checkout> #1, line 12\)\n {2}The page's Content-Security-Policy \(connect-src 'self'\) refused the request to http:\/\/127\.0\.0\.1:8787\/v1\/onramp\.\n {2}Fix: Add http:\/\/127\.0\.0\.1:8787 to the connect-src directive/,
  );
  assert.match(text, /\nwarning ELEMENT_NOT_FOUND\n/);
  assert.match(text, /\nnote: Redirected to/);
  assert.match(text, /\nRead 1 <onramp-checkout> element, 0 widget script tags, 2 CSP policies; asked 1 API\.\n/);
  assert.match(text, /\n1 error, 1 warning: fix the errors before this page goes live\.\n$/);
  assert.match(
    formatText({ ...REPORT, findings: [], errors: 0, warnings: 0, notes: [] }),
    /\n0 errors, 0 warnings: no problem found\.\n$/,
  );
});

test('the JSON report: url, findings with code, kind, cause, fix and element, the counts, notes, what was checked', () => {
  const parsed = JSON.parse(formatJson(REPORT)) as DoctorReport;
  assert.deepEqual(Object.keys(parsed), ['url', 'findings', 'errors', 'warnings', 'notes', 'checked']);
  assert.deepEqual(Object.keys(parsed.findings[0] ?? {}), ['code', 'kind', 'cause', 'fix', 'element']);
  assert.deepEqual(parsed.findings[0]?.element, { index: 1, line: 12 });
  assert.equal(parsed.findings[1]?.kind, 'warning');
  assert.equal('element' in (parsed.findings[1] ?? {}), false);
});
