/**
 * What a problem code does is said by the list of problems alone (`problem-behaviour.ts`, read by
 * `problems.ts`): the widget's errors, the buyer's words and the console follow it, whatever the
 * code's name.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorMessage, widgetError, type OnrampErrorCode } from '../core/widget-error.js';
import { english } from '../i18n/messages.js';
import {
  FORM_RETRIES,
  OUT_OF_REACH,
  RETRIES,
  WARNS,
  formRetries,
  kindOf,
  outOfReach,
  recovers,
} from './problem-behaviour.js';
import { PROBLEMS, PROBLEM_CODES } from './problems.js';

test('every code the behaviour names is a problem of the list, in one behaviour only', () => {
  const named = [...RETRIES, ...OUT_OF_REACH, ...FORM_RETRIES, ...WARNS];
  for (const code of named) assert.ok(code in PROBLEMS, `${code} is not in the list of problems`);
  assert.equal(new Set(named).size, named.length);
});

test("each problem's kind is its behaviour's: retried ones are transient, warnings warn, the rest stop", () => {
  for (const code of PROBLEM_CODES) assert.equal(PROBLEMS[code].kind, kindOf(code), code);
  assert.equal(PROBLEMS.TIMEOUT.kind, 'transient');
  assert.equal(PROBLEMS.SESSION_CREATE_FAILED.kind, 'transient');
  assert.equal(PROBLEMS.API_CORS_REFUSED.kind, 'error');
  assert.equal(PROBLEMS.PART_LOAD_FAILED.kind, 'warning');
  assert.equal(PROBLEMS.SECRET_KEY_REFUSED.kind, 'error');
});

test('the widget recovers exactly from what the list says, and tells the buyer in those words', () => {
  const codes = PROBLEM_CODES as string[] as OnrampErrorCode[];
  for (const code of codes.filter((code) => !formRetries(code))) {
    const error = widgetError(code);
    assert.equal(error.recoverable, recovers(code), code);
    const own = (english as Partial<Record<string, string>>)[`error.${code}`];
    const expected =
      own ?? english[outOfReach(code) ? 'error.unreachable' : recovers(code) ? 'error.retrying' : 'error.config'];
    assert.equal(errorMessage({ code }), expected, code);
  }
  // Out of reach: an error for the merchant, yet the widget keeps trying and the buyer is told so.
  assert.ok(recovers('CSP_CONNECT_SRC') && kindOf('CSP_CONNECT_SRC') === 'error');
  assert.equal(errorMessage({ code: 'CSP_CONNECT_SRC' }), english['error.unreachable']);
  // A name is not a behaviour: the page's Trusted Types policy refusing a part is a setup error.
  assert.ok(!outOfReach('CSP_TRUSTED_TYPES') && !recovers('CSP_TRUSTED_TYPES'));
  assert.equal(errorMessage({ code: 'CSP_TRUSTED_TYPES' }), english['error.config']);
  assert.equal(errorMessage({ code: 'TIMEOUT' }), english['error.retrying']);
  // Amount first's form: the buyer presses Pay again, with the order kept.
  assert.ok(formRetries('SESSION_CREATE_BUSY') && !recovers('SESSION_CREATE_BUSY'));
});
