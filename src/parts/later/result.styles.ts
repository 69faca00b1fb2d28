/**
 * The final screens' styles (completed, failed, expired), adopted into the element's shadow root by
 * the `later` part, which draws those screens: a constructed stylesheet beside the element's (no
 * `<style>`, which a strict CSP would refuse), out of the script-tag file. The server renderer
 * writes it into its stylesheet with the rest.
 */
import { adoptStyles } from '../adopt-styles.js';

export const RESULT_CSS = `
  /* "Price updated." and a changed price: this part draws both. */
  .notice {
    color: var(--onramp-color-accent);
  }

  .final {
    display: grid;
    gap: 8px;
    text-align: center;
  }

  .final h3 {
    margin: 0;
    font-size: 1.2em;
  }

  .final p {
    margin: 0;
  }

  .final.completed h3 {
    color: var(--onramp-color-success);
  }

  .final.failed h3,
  .final.expired h3 {
    color: var(--onramp-color-danger);
  }
`;

/** Adopts the final screens' styles into `root` (once). */
export const adoptResultStyles = adoptStyles(RESULT_CSS);
