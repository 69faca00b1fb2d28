/**
 * The merchant console: transaction history (every filter of `GET /v1/transactions`, pagination),
 * a transaction's detail, and API key management (create with a chosen type and permissions, list,
 * test, revoke), webhook endpoints and their deliveries (console-webhooks.ts). Everything goes through the demo server's `/api/console/...` routes, which hold the
 * secret key. Data is rendered with DOM APIs and `textContent` only.
 */
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  PUBLISHABLE_PERMISSIONS,
  type KeyType,
} from '../../../src/contract/product.js';
import { minorToDecimal } from '../../../src/contract/money.js';
import { apiKeySchema, createdApiKeySchema } from '../../../src/contract/write/api-key.js';
import { transactionListSchema, transactionSchema } from '../../../src/contract/write/transaction.js';
import * as z from 'zod/mini';
import { $, dateTime, el, formText, request, showError } from './console-dom.js';
import { startWebhooksPanel } from './console-webhooks.js';

const fiat = (minor: number, currency: string): string => `${minorToDecimal(minor, 2)} ${currency}`;
const short = (text: string): string => (text.length > 14 ? `${text.slice(0, 8)}…${text.slice(-4)}` : text);

// ---------------------------------------------------------------------------------------------
// Transactions

const txForm = $('#tx-filters', HTMLFormElement);
const txBody = $('#tx-table tbody', HTMLTableSectionElement);
const txError = $('#tx-error');
const txEmpty = $('#tx-empty');
const txPage = $('#tx-page');
const txPrev = $('#tx-prev', HTMLButtonElement);
const txNext = $('#tx-next', HTMLButtonElement);
const detail = $('#tx-detail');
const detailFields = $('#tx-detail-fields', HTMLDListElement);
let page = 1;

async function loadTransactions(): Promise<void> {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(txForm)) {
    if (typeof value === 'string' && value.trim() !== '') query.set(name, value.trim());
  }
  query.set('page', String(page));
  const reply = await request('GET', `/api/console/transactions?${query}`);
  if (reply.error) {
    showError(txError, `${reply.error.code}: ${reply.error.message}`);
    return;
  }
  const parsed = transactionListSchema.safeParse(reply.data);
  if (!parsed.success) {
    showError(txError, 'The transaction list could not be read');
    return;
  }
  showError(txError, null);
  const { transactions, pagination } = parsed.data;
  txBody.replaceChildren(
    ...transactions.map((txn) => {
      const row = el('tr');
      row.dataset.id = txn.id;
      const open = el('button', short(txn.id), 'link');
      open.type = 'button';
      open.title = `Show ${txn.id}`;
      open.setAttribute('aria-label', `Show transaction ${txn.id}`);
      open.addEventListener('click', () => void showDetail(txn.id));
      const idCell = el('td');
      idCell.append(open);
      row.append(
        el('td', dateTime(txn.created_at)),
        idCell,
        el('td', txn.status, `status status-${txn.status}`),
        el('td', fiat(txn.fiat_amount, txn.fiat_currency)),
        el('td', `${txn.crypto_amount} ${txn.crypto_currency}`),
        el('td', txn.network),
        el('td', txn.wallet_address, 'mono'),
      );
      return row;
    }),
  );
  txEmpty.hidden = transactions.length > 0;
  txPage.textContent = `Page ${pagination.page} of ${Math.max(pagination.pages, 1)} · ${pagination.total} transaction${pagination.total === 1 ? '' : 's'}`;
  txPrev.disabled = pagination.page <= 1;
  txNext.disabled = pagination.page >= pagination.pages;
}

async function showDetail(id: string): Promise<void> {
  const reply = await request('GET', `/api/console/transactions/${encodeURIComponent(id)}`);
  const parsed = transactionSchema.safeParse(reply.data);
  if (reply.error || !parsed.success) {
    showError(
      txError,
      reply.error ? `${reply.error.code}: ${reply.error.message}` : 'The transaction could not be read',
    );
    return;
  }
  const txn = parsed.data;
  const fees = txn.fees;
  const fields: [string, string][] = [
    ['Transaction', txn.id],
    ['Session', txn.session_id],
    ['Status', txn.status],
    ['Fiat amount', fiat(txn.fiat_amount, txn.fiat_currency)],
    ['Crypto amount', `${txn.crypto_amount} ${txn.crypto_currency}`],
    ['Network', txn.network],
    ['Exchange rate', `${txn.exchange_rate} ${txn.fiat_currency} per ${txn.crypto_currency}`],
    ['Platform fee', fiat(fees.platform_fee, txn.fiat_currency)],
    ['Network fee', fiat(fees.network_fee, txn.fiat_currency)],
    ['Processing fee', fiat(fees.processing_fee, txn.fiat_currency)],
    ['Wallet', txn.wallet_address],
    ['Transaction hash', txn.tx_hash ?? '—'],
    ['Customer e-mail', txn.customer_email ?? '—'],
    ['Metadata', txn.metadata && typeof txn.metadata === 'object' ? JSON.stringify(txn.metadata) : '—'],
    ['Created', dateTime(txn.created_at)],
    ['Completed', dateTime(txn.completed_at)],
  ];
  detailFields.replaceChildren(...fields.flatMap(([name, value]) => [el('dt', name), el('dd', value)]));
  detail.hidden = false;
  detail.scrollIntoView({ block: 'nearest' });
}

txForm.addEventListener('submit', (event) => {
  event.preventDefault();
  page = 1;
  void loadTransactions();
});
txForm.addEventListener('reset', () => {
  page = 1;
  // After the form's own reset has cleared the fields.
  setTimeout(() => void loadTransactions(), 0);
});
txPrev.addEventListener('click', () => {
  page = Math.max(1, page - 1);
  void loadTransactions();
});
txNext.addEventListener('click', () => {
  page += 1;
  void loadTransactions();
});
$('#tx-detail-close').addEventListener('click', () => {
  detail.hidden = true;
});

// ---------------------------------------------------------------------------------------------
// API keys

const keyForm = $('#key-form', HTMLFormElement);
const keyError = $('#key-error');
const keysBody = $('#keys-table tbody', HTMLTableSectionElement);
const created = $('#key-created');
const createdValue = $('#key-created-value');
const permissionsBox = $('#key-permissions');

const consoleKeySchema = z.extend(apiKeySchema, { testable: z.boolean(), protected: z.boolean() });
type ConsoleKey = z.infer<typeof consoleKeySchema>;

for (const permission of PERMISSIONS) {
  const label = el('label');
  const box = el('input');
  box.type = 'checkbox';
  box.name = 'permissions';
  box.value = permission;
  label.append(box, document.createTextNode(` ${permission}`));
  permissionsBox.append(label);
}

/** Checks the type's default permissions; a publishable key may hold only its own. */
function syncPermissions(): void {
  const type = (keyForm.elements.namedItem('type') as HTMLSelectElement).value as KeyType;
  for (const box of permissionsBox.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
    const permission = box.value as (typeof PERMISSIONS)[number];
    box.checked = DEFAULT_PERMISSIONS[type].includes(permission);
    box.disabled = type === 'publishable' && !PUBLISHABLE_PERMISSIONS.includes(permission);
  }
}
(keyForm.elements.namedItem('type') as HTMLSelectElement).addEventListener('change', syncPermissions);
syncPermissions();

function keyRow(key: ConsoleKey): HTMLTableRowElement {
  const row = el('tr');
  row.dataset.id = key.id;
  const result = el('span', '', 'test-result');
  result.setAttribute('role', 'status');
  const actions = el('td', undefined, 'actions');
  if (key.testable) {
    const test = el('button', 'Test key');
    test.type = 'button';
    test.addEventListener('click', () => void testKey(key.id, result));
    actions.append(test);
  }
  if (key.protected) {
    actions.append(el('span', 'used by this shop', 'muted'));
  } else {
    const revoke = el('button', 'Revoke', 'danger');
    revoke.type = 'button';
    revoke.addEventListener('click', () => void revokeKey(key, row));
    actions.append(revoke);
  }
  actions.append(result);
  row.append(
    el('td', key.name),
    el('td', `${key.prefix}…`, 'mono'),
    el('td', key.type),
    el('td', key.environment),
    el('td', key.permissions.join(', ')),
    el('td', dateTime(key.last_used_at)),
    el('td', dateTime(key.created_at)),
    actions,
  );
  return row;
}

async function loadKeys(): Promise<void> {
  const reply = await request('GET', '/api/console/keys');
  const parsed = z.object({ keys: z.array(consoleKeySchema) }).safeParse(reply.data);
  if (reply.error || !parsed.success) {
    showError(keyError, reply.error ? `${reply.error.code}: ${reply.error.message}` : 'The key list could not be read');
    return;
  }
  keysBody.replaceChildren(...parsed.data.keys.map(keyRow));
}

async function testKey(id: string, result: HTMLElement): Promise<void> {
  result.textContent = '…';
  const reply = await request('POST', `/api/console/keys/${encodeURIComponent(id)}/test`);
  const parsed = z.object({ status: z.int(), code: z.nullable(z.string()), request: z.string() }).safeParse(reply.data);
  if (!parsed.success) {
    result.textContent = reply.error ? reply.error.code : 'test failed';
    return;
  }
  const { status, code } = parsed.data;
  result.textContent = code ? `${status} ${code}` : `${status} OK`;
  result.className = `test-result ${status < 300 ? 'ok' : 'bad'}`;
  result.title = parsed.data.request;
}

async function revokeKey(key: ConsoleKey, row: HTMLTableRowElement): Promise<void> {
  const reply = await request('DELETE', `/api/console/keys/${encodeURIComponent(key.id)}`);
  if (reply.error) {
    showError(keyError, `${reply.error.code}: ${reply.error.message}`);
    return;
  }
  showError(keyError, null);
  // The row stays (greyed) so its "Test key" button can show the key now fails.
  row.classList.add('revoked');
  for (const button of row.querySelectorAll<HTMLButtonElement>('button.danger'))
    button.replaceWith(el('span', 'revoked', 'muted'));
}

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(keyForm);
  const body = {
    name: formText(data, 'name').trim(),
    environment: formText(data, 'environment'),
    type: formText(data, 'type'),
    permissions: data.getAll('permissions').map(String),
  };
  void (async () => {
    const reply = await request('POST', '/api/console/keys', body);
    const parsed = createdApiKeySchema.safeParse(reply.data);
    if (reply.error || !parsed.success) {
      created.hidden = true;
      showError(keyError, reply.error ? `${reply.error.code}: ${reply.error.message}` : 'The key could not be read');
      return;
    }
    showError(keyError, null);
    createdValue.textContent = parsed.data.key;
    created.hidden = false;
    await loadKeys();
  })();
});

/** The public demo has no live environment: the key form offers what the account has. */
async function loadAccount(): Promise<void> {
  const reply = await request('GET', '/api/console/account');
  const parsed = z.object({ environments: z.array(z.string()) }).safeParse(reply.data);
  if (!parsed.success) return;
  const select = keyForm.elements.namedItem('environment') as HTMLSelectElement;
  for (const option of [...select.options]) if (!parsed.data.environments.includes(option.value)) option.remove();
}

void loadAccount();
void loadTransactions();
void loadKeys();
startWebhooksPanel();
