/**
 * The order form's own styles (amount first), adopted into the element's shadow root by the `order`
 * part beside the element's: a constructed stylesheet, which a strict CSP allows (no `<style>`, no
 * inline style). Same custom properties as the rest of the card, so light, dark and the merchant's
 * theme apply unchanged.
 */
export const ORDER_FORM_CSS = `
  .order {
    display: grid;
    gap: var(--onramp-spacing);
    margin: 0;
  }
  .field {
    display: grid;
    gap: 6px;
    min-width: 0;
  }
  .field > label,
  .fixed-wallet dt {
    font-weight: 600;
  }
  .amount-row,
  .pair {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 8px;
  }
  .pair {
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 120px), 1fr));
    gap: var(--onramp-spacing);
  }
  input,
  select {
    box-sizing: border-box;
    min-width: 0;
    width: 100%;
    min-height: 44px;
    padding: 8px 10px;
    font: inherit;
    color: var(--onramp-color-text);
    background: var(--onramp-color-background);
    border: 1px solid var(--onramp-color-muted);
    border-radius: calc(var(--onramp-radius) / 2);
  }
  .amount-row select {
    width: auto;
  }
  input[aria-invalid='true'] {
    border-color: var(--onramp-color-danger);
  }
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--onramp-color-focus);
    outline-offset: 1px;
  }
  #amount {
    font-size: 1.3em;
    font-variant-numeric: tabular-nums;
  }
  #wallet {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.9em;
  }
  .presets {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .presets button {
    width: auto;
    min-height: 36px;
    padding: 4px 12px;
    font-weight: 600;
    color: var(--onramp-color-accent);
    background: var(--onramp-color-surface);
    border: 1px solid var(--onramp-color-border);
  }
  .presets button[aria-pressed='true'] {
    color: var(--onramp-color-accent-text);
    background: var(--onramp-color-accent);
    border-color: var(--onramp-color-accent);
  }
  .hint,
  .field-error {
    margin: 0;
    font-size: 0.9em;
    color: var(--onramp-color-muted);
  }
  .field-error {
    color: var(--onramp-color-danger);
    overflow-wrap: anywhere;
  }
  .field-error:empty {
    display: none;
  }
  .fixed-wallet dd {
    overflow-wrap: anywhere;
    white-space: normal;
  }
  .quote[aria-busy='true'] .receive strong {
    opacity: 0.6;
  }
  @media (forced-colors: active) {
    input,
    select,
    .presets button {
      border: 1px solid CanvasText;
    }
  }
`;
