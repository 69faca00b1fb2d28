/**
 * Turns zod/mini issues into one readable API error. zod/mini has no English messages, so each
 * field has its own rule giving the code and the message; the first failing field (in the
 * request's documented field order) is reported with `param` naming it.
 */
import * as z from 'zod/mini';
import type { ErrorCode } from '../../../src/contract/write/envelope.js';
import { ErrorAnswer } from './errors.js';

export type FieldRule = (value: unknown) => { code?: ErrorCode; message: string };

export function parseWith<S extends z.ZodMiniType>(
  schema: S,
  input: Record<string, unknown>,
  rules: Readonly<Record<string, FieldRule>>,
): z.infer<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const order = Object.keys(rules);
  const fields = result.error.issues.map((issue) => String(issue.path[0] ?? ''));
  fields.sort((a, b) => rank(order, a) - rank(order, b));
  const field = fields[0] ?? '';
  const value = input[field];
  if (field === '') throw new ErrorAnswer('VALIDATION_ERROR', 'The request is invalid');
  if (value === undefined) throw new ErrorAnswer('VALIDATION_ERROR', `${field} is required`, { param: field });
  const rule = rules[field];
  const { code = 'VALIDATION_ERROR', message } = rule ? rule(value) : { message: `${field} is invalid` };
  throw new ErrorAnswer(code, message, { param: field });
}

function rank(order: readonly string[], field: string): number {
  const index = order.indexOf(field);
  return index === -1 ? order.length : index;
}

/** A rule with a fixed message and code. */
export const message =
  (text: string, code?: ErrorCode): FieldRule =>
  () =>
    code ? { code, message: text } : { message: text };

export const isString = (value: unknown): value is string => typeof value === 'string';
