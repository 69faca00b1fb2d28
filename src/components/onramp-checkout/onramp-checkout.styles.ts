import { unsafeCSS } from 'lit';

/** Styles of `<onramp-checkout>`; every colour, radius, font and spacing is a custom property. */
export const styles = unsafeCSS(`
  /* One palette for both schemes: light-dark() picks by color-scheme, which the theme sets. */
  :host {
    color-scheme: light;
    --onramp-color-background: light-dark(#fff, #161a22);
    --onramp-color-surface: light-dark(#f6f7f9, #1f2430);
    --onramp-color-text: light-dark(#14171f, #eef0f5);
    --onramp-color-muted: light-dark(#4f5666, #a9b0c0);
    --onramp-color-border: light-dark(#d9dde5, #343b4b);
    --onramp-color-accent: light-dark(#3347d6, #8c9bff);
    --onramp-color-accent-text: light-dark(#fff, #0e1118);
    --onramp-color-success: light-dark(#137a3f, #5fd38d);
    --onramp-color-danger: light-dark(#b3261e, #ff8a80);
    --onramp-color-warning: light-dark(#8a5a00, #ffc766);
    --onramp-color-focus: var(--onramp-color-accent);
    --onramp-radius: 12px;
    --onramp-font-family: system-ui, sans-serif;
    --onramp-font-size: 15px;
    --onramp-spacing: 16px;
    --onramp-max-width: 440px;

    display: block;
    max-width: var(--onramp-max-width);
    font: var(--onramp-font-size) / 1.45 var(--onramp-font-family);
    color: var(--onramp-color-text);
  }

  :host([theme=dark]) {
    color-scheme: dark;
  }

  :host([theme=auto]) {
    color-scheme: light dark;
  }

  :host([hidden]) {
    display: none;
  }

  .base {
    display: grid;
    gap: var(--onramp-spacing);
    padding: calc(var(--onramp-spacing) * 1.25);
    background: var(--onramp-color-background);
    border: 1px solid var(--onramp-color-border);
    border-radius: var(--onramp-radius);
  }

  header {
    display: flex;
    /* A long title (Greek, German) puts the test badge on the next line rather than past the card. */
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }

  h2 {
    margin: 0;
    font-size: 1.15em;
    font-weight: 650;
  }

  .badge {
    padding: 2px 8px;
    border-radius: 999px;
    font-size: 0.78em;
    font-weight: 600;
    color: var(--onramp-color-warning);
    border: 1px solid currentColor;
  }

  .status {
    margin: 0;
    color: var(--onramp-color-muted);
  }

  .error {
    padding: 10px 12px;
    border-radius: calc(var(--onramp-radius) / 2);
    border: 1px solid var(--onramp-color-danger);
    color: var(--onramp-color-danger);
    background: var(--onramp-color-surface);
  }

  .error small {
    display: block;
    color: var(--onramp-color-muted);
  }

  .quote {
    display: grid;
    gap: 12px;
    padding: var(--onramp-spacing);
    border-radius: calc(var(--onramp-radius) * 0.75);
    background: var(--onramp-color-surface);
  }

  .receive {
    display: grid;
    gap: 2px;
  }

  .receive strong {
    font-size: 1.6em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }

  dl {
    display: grid;
    gap: 6px;
    margin: 0;
  }

  dl > div {
    display: flex;
    justify-content: space-between;
    gap: 12px;
  }

  dt {
    color: var(--onramp-color-muted);
  }

  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }

  /* Figures, ids and server text may be longer than a narrow card (280 px) is wide: they break there. */
  .receive strong,
  dd,
  .error {
    overflow-wrap: anywhere;
  }

  .fees {
    padding-top: 10px;
    border-top: 1px solid var(--onramp-color-border);
  }

  .fees .total {
    font-weight: 650;
  }

  .fees .total dt {
    color: var(--onramp-color-text);
  }

  .countdown {
    margin: 0;
    font-size: 0.9em;
    color: var(--onramp-color-muted);
    font-variant-numeric: tabular-nums;
  }

  .countdown.expired {
    color: var(--onramp-color-danger);
  }

  button,
  .link-button {
    box-sizing: border-box;
    display: block;
    width: 100%;
    min-height: 44px;
    padding: 10px 16px;
    border: 0;
    border-radius: calc(var(--onramp-radius) * 0.75);
    font: inherit;
    font-weight: 650;
    text-align: center;
    text-decoration: none;
    cursor: pointer;
    color: var(--onramp-color-accent-text);
    background: var(--onramp-color-accent);
  }

  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  button:focus-visible,
  a:focus-visible,
  iframe:focus-visible {
    outline: 3px solid var(--onramp-color-focus);
    outline-offset: 2px;
  }

  a {
    color: var(--onramp-color-accent);
  }

  iframe {
    display: block;
    width: 100%;
    border: 1px solid var(--onramp-color-border);
    border-radius: calc(var(--onramp-radius) * 0.75);
    background: #fff;
  }

  .mono {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.9em;
    white-space: nowrap;
  }

  .skeleton {
    height: 180px;
    border-radius: calc(var(--onramp-radius) * 0.75);
    background: var(--onramp-color-surface);
  }

  /* The live region: read by screen readers, not shown. */
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  /* Headings take focus only when the view changes under it; no ring for that. */
  [tabindex='-1']:focus {
    outline: none;
  }

  /* Windows High Contrast and the like: system colours, and edges where backgrounds vanish. */
  @media (forced-colors: active) {
    .base,
    .quote,
    button,
    .link-button {
      border: 1px solid CanvasText;
    }

    button:disabled {
      color: GrayText;
      border-color: GrayText;
    }

    button:focus-visible,
    a:focus-visible,
    iframe:focus-visible {
      outline-color: Highlight;
    }
  }

  @media (prefers-reduced-motion: no-preference) {
    /* Half a pulse each way (alternate): the same 1.4 s breath, in fewer bytes. */
    .skeleton {
      animation: pulse 0.7s infinite alternate;
    }
  }

  @keyframes pulse {
    to {
      opacity: 0.5;
    }
  }
`);
