/**
 * The card form: input formatting (card number in groups of four, MM/YY, digits-only CVC), focus on
 * the first field the server refused, and a pending state on submit, said to the merchant's page
 * before the form's POST navigates.
 */
import type { PostHint } from './hints.js';
import type { PageTexts } from './texts.js';

const digits = (value: string): string => value.replace(/\D/g, '');

/** Formats the three card fields as the buyer types. */
export function formatCardInputs(): void {
  const number = document.getElementById('card_number') as HTMLInputElement | null;
  if (number) {
    number.addEventListener('input', () => {
      const groups = digits(number.value)
        .slice(0, 19)
        .match(/.{1,4}/g);
      number.value = groups ? groups.join(' ') : '';
    });
  }
  const expiry = document.getElementById('card_expiry') as HTMLInputElement | null;
  if (expiry) {
    expiry.addEventListener('input', (event) => {
      const d = digits(expiry.value).slice(0, 4);
      // Absent on an `input` event that is not an `InputEvent` (one a script dispatched).
      const inputType = (event as Partial<InputEvent>).inputType;
      const deleting = inputType?.startsWith('delete') === true;
      expiry.value = d.length > 2 || (d.length === 2 && !deleting) ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
    });
  }
  const cvc = document.getElementById('card_cvc') as HTMLInputElement | null;
  if (cvc) {
    cvc.addEventListener('input', () => {
      cvc.value = digits(cvc.value).slice(0, 4);
    });
  }
}

/** Focuses the first refused field, else the form's alert. */
export function focusFirstProblem(): void {
  const alertBox = document.getElementById('form-alert');
  const firstInvalid = document.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (firstInvalid) firstInvalid.focus();
  else if (alertBox) alertBox.focus();
}

/** On submit: `submitted` to the merchant's page and a disabled "Processing…" button; the POST goes on. */
export function announceSubmit(post: PostHint, texts: PageTexts): void {
  const form = document.querySelector('[data-pay-form]');
  if (!form) return;
  form.addEventListener('submit', () => {
    post('submitted');
    const button = form.querySelector('[data-pay-button]');
    if (button) {
      button.setAttribute('disabled', '');
      const processing = texts.text('processingButton');
      if (processing) button.textContent = processing;
    }
  });
}
