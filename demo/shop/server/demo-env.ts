/** What the demo server's middleware gives its routes. */
import type { Merchant } from './merchant.js';

export interface DemoEnv {
  Variables: {
    /** Whose shop this request is: the sandbox's own account locally, the visitor's in the public demo. */
    merchant: Merchant;
    /** The client's address (`X-Forwarded-For` only from a trusted proxy); unknown for a connection reset before it was read. */
    clientAddress: string | undefined;
  };
}
