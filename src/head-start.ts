/**
 * The script-tag file's first module (`script-tag.ts` imports it before everything else, and ES
 * modules are evaluated in import order): the status request of every `<onramp-checkout>` already
 * in the page leaves here, before Lit, zod and the element are evaluated, so it travels while they
 * are. The element adopts it when it connects (`api/head-start.ts`).
 */
import { sendHeadStartRequests } from './api/head-start-requests.js';

sendHeadStartRequests();
