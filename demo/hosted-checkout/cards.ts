/**
 * The card form: parsing, Luhn, expiry and CVC checks, and what each test card does. A refused
 * field gets the key of its text (`cardError.*` in locales/en.ts); the page writes it in the
 * buyer's language, `{card}` being `TEST_CARD`.
 */
import type { PaymentOutcome } from '../onramp-api/domain/sessions.js';
import type { CheckoutKey } from './checkout-catalogue.js';

/** The test card the page suggests, as it is written. */
export const TEST_CARD = '4242 4242 4242 4242';

export const TEST_CARDS: Readonly<Record<string, PaymentOutcome>> = {
  '4242424242424242': 'deliver',
  '4000000000000002': 'decline',
  '4000000000009995': 'fail_delivery',
};

export interface CardForm {
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  card_name: string;
}

export type CardField = keyof CardForm;
/** The key of a refused field's text. */
export type CardErrorKey = Extract<CheckoutKey, `cardError.${string}`>;
export type CardErrors = Partial<Record<CardField, CardErrorKey>>;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the form; the outcome when valid, else an error per field. */
export function checkCard(form: CardForm, now: number): { outcome: PaymentOutcome } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = form.card_number.replace(/[\s-]/g, '');
  let outcome: PaymentOutcome | undefined;
  if (number === '') errors.card_number = 'cardError.numberMissing';
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.card_number = 'cardError.numberInvalid';
  else {
    outcome = TEST_CARDS[number];
    if (!outcome) errors.card_number = 'cardError.numberNotTest';
  }

  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.card_expiry);
  if (form.card_expiry.trim() === '') errors.card_expiry = 'cardError.expiryMissing';
  else if (!expiry) errors.card_expiry = 'cardError.expiryMissing';
  else {
    const month = Number(expiry[1]);
    const yearText = expiry[2] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    const today = new Date(now);
    const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
    if (month < 1 || month > 12) errors.card_expiry = 'cardError.expiryMonth';
    else if (year * 12 + (month - 1) < current) errors.card_expiry = 'cardError.expired';
    else if (year > today.getUTCFullYear() + 20) errors.card_expiry = 'cardError.expiryYear';
  }

  if (form.card_cvc.trim() === '') errors.card_cvc = 'cardError.cvcMissing';
  else if (!/^\d{3,4}$/.test(form.card_cvc.trim())) errors.card_cvc = 'cardError.cvcInvalid';

  if (form.card_name.length > 100) errors.card_name = 'cardError.nameLong';
  if (Object.keys(errors).length > 0 || !outcome) return { errors };
  return { outcome };
}
