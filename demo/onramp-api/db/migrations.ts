/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many ran. Append new
 * migrations at the end, never edit an applied one. Times are integer milliseconds since the epoch.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
  );

  CREATE TABLE api_keys (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts(id),
    name          TEXT NOT NULL,
    environment   TEXT NOT NULL CHECK (environment IN ('live', 'test')),
    type          TEXT NOT NULL CHECK (type IN ('secret', 'publishable')),
    prefix        TEXT NOT NULL,
    key_hash      TEXT NOT NULL UNIQUE,
    permissions   TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER,
    revoked_at    INTEGER
  );
  CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

  CREATE TABLE sessions (
    id                  TEXT PRIMARY KEY,
    transaction_id      TEXT NOT NULL UNIQUE,
    account_id          TEXT NOT NULL REFERENCES accounts(id),
    environment         TEXT NOT NULL CHECK (environment IN ('live', 'test')),
    client_secret_hash  TEXT NOT NULL,
    checkout_token_hash TEXT NOT NULL,
    status              TEXT NOT NULL
                        CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'expired')),
    wallet_address      TEXT NOT NULL,
    crypto_currency     TEXT NOT NULL,
    network             TEXT NOT NULL,
    fiat_currency       TEXT NOT NULL,
    fiat_amount         INTEGER NOT NULL,
    crypto_amount       TEXT NOT NULL,
    exchange_rate       TEXT NOT NULL,
    platform_fee        INTEGER NOT NULL,
    network_fee         INTEGER NOT NULL,
    processing_fee      INTEGER NOT NULL,
    customer_email      TEXT,
    metadata            TEXT,
    return_url          TEXT,
    tx_hash             TEXT,
    failure_reason      TEXT,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    expires_at          INTEGER NOT NULL,
    quote_expires_at    INTEGER NOT NULL,
    paid_at             INTEGER,
    deliver_at          INTEGER,
    delivery_outcome    TEXT CHECK (delivery_outcome IN ('completed', 'failed')),
    completed_at        INTEGER
  );
  CREATE INDEX sessions_by_account ON sessions (account_id, environment, created_at DESC, id DESC);
  CREATE INDEX sessions_pending_expiry ON sessions (status, expires_at);
  CREATE INDEX sessions_due_delivery ON sessions (status, deliver_at);

  CREATE TABLE idempotency_keys (
    account_id      TEXT NOT NULL,
    environment     TEXT NOT NULL,
    endpoint        TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    status_code     INTEGER NOT NULL,
    response_body   TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (account_id, environment, endpoint, idempotency_key)
  );
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
  `,
  `
  CREATE TABLE webhook_endpoints (
    id             TEXT PRIMARY KEY,
    account_id     TEXT NOT NULL REFERENCES accounts(id),
    environment    TEXT NOT NULL CHECK (environment IN ('live', 'test')),
    url            TEXT NOT NULL,
    events         TEXT NOT NULL,
    secret_sealed  TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    deleted_at     INTEGER
  );
  CREATE INDEX webhook_endpoints_by_account ON webhook_endpoints (account_id, environment, created_at);

  CREATE TABLE webhook_events (
    id           TEXT PRIMARY KEY,
    account_id   TEXT NOT NULL REFERENCES accounts(id),
    environment  TEXT NOT NULL CHECK (environment IN ('live', 'test')),
    type         TEXT NOT NULL,
    session_id   TEXT NOT NULL REFERENCES sessions(id),
    payload      TEXT NOT NULL,
    created_at   INTEGER NOT NULL
  );
  CREATE INDEX webhook_events_by_session ON webhook_events (session_id, created_at);

  CREATE TABLE webhook_deliveries (
    id               TEXT PRIMARY KEY,
    event_id         TEXT NOT NULL REFERENCES webhook_events(id),
    endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints(id),
    status           TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    UNIQUE (event_id, endpoint_id)
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

  CREATE TABLE webhook_attempts (
    delivery_id   TEXT NOT NULL REFERENCES webhook_deliveries(id),
    attempt       INTEGER NOT NULL,
    attempted_at  INTEGER NOT NULL,
    duration_ms   INTEGER NOT NULL,
    status_code   INTEGER,
    error         TEXT,
    PRIMARY KEY (delivery_id, attempt)
  );
  `,
  `
  ALTER TABLE accounts ADD COLUMN expires_at INTEGER;
  CREATE INDEX accounts_by_expiry ON accounts (expires_at) WHERE expires_at IS NOT NULL;
  `,
  `
  -- Deleting an account finds its events by account (was a scan of every account's events).
  CREATE INDEX webhook_events_by_account ON webhook_events (account_id);
  -- Events refer to their session's metadata instead of copying it (domain/webhooks.ts eventBody).
  UPDATE webhook_events SET payload = json_set(payload, '$.data.object.metadata', json('{}'))
  WHERE json_type(payload, '$.data.object.metadata') = 'object' AND json_extract(payload, '$.data.object.metadata') <> '{}';
  `,
  `
  -- Rate limits that outlive a restart (guest accounts' per-address account and creation limits):
  -- a token bucket per scope and id, refilled by wall-clock time since \`at\` (epoch ms).
  CREATE TABLE rate_buckets (
    scope   TEXT NOT NULL,
    id      TEXT NOT NULL,
    tokens  REAL NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (scope, id)
  );
  CREATE INDEX rate_buckets_by_age ON rate_buckets (scope, at);

  -- (This migration once made tables of a program beside the API here as well; that program's own
  -- migrations make them now, and a database where this migration ran earlier keeps them.)
  `,
];
