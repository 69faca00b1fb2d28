/** `POST /v1/test_helpers/onramp/advance`: forces a legal transition; test secret keys only. */
import { SESSION_STATUSES, SESSION_TRANSITIONS } from '../../../src/contract/product.js';
import { advanceSessionRequestSchema } from '../../../src/contract/write/test-helpers.js';
import { sessionStatusAnswer } from '../domain/answers.js';
import { readJsonObject } from '../http/body.js';
import { ErrorAnswer, sendData } from '../http/errors.js';
import type { SomeOperationHandlers } from '../http/operation-routes.js';
import { message, parseWith } from '../http/validation.js';

const rules = {
  session_id: message('session_id must look like ors_ followed by letters and digits'),
  to: message(`to must be one of ${SESSION_STATUSES.join(', ')}`),
};

export const testHelperHandlers = {
  advanceTestSession: async (c, deps) => {
    const key = c.get('apiKey');
    const input = parseWith(advanceSessionRequestSchema, await readJsonObject(c), rules);
    const row = deps.sessionService.get(input.session_id);
    if (row?.account_id !== key.accountId || row.environment !== key.environment) {
      throw new ErrorAnswer('NOT_FOUND', `No session ${input.session_id}`, { param: 'session_id' });
    }
    if (!deps.sessionService.advance(row, input.to)) {
      const legal = SESSION_TRANSITIONS[row.status];
      throw new ErrorAnswer(
        'INVALID_TRANSITION',
        `A ${row.status} session cannot move to ${input.to}` +
          (legal.length ? `; legal next states: ${legal.join(', ')}` : `; ${row.status} is final`),
        { param: 'to' },
      );
    }
    const updated = deps.sessions.findById(row.id) ?? row;
    return sendData(c, sessionStatusAnswer(updated, undefined));
  },
} satisfies SomeOperationHandlers;
