// The schema, as numbered steps applied once each (table schema_migrations).
// Every resource keeps its response body in `data` (jsonb) and copies the
// columns its lists filter and sort on, which carry the indexes.
import type { Database } from './database.js';

const resource = (table: string, extra = '') => `
  CREATE TABLE ${table} (
    id text PRIMARY KEY,
    company_id text NOT NULL,
    status text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    ${extra}
    data jsonb NOT NULL
  );
  CREATE INDEX ${table}_company_created ON ${table} (company_id, created_at, id);
  CREATE INDEX ${table}_company_updated ON ${table} (company_id, updated_at, id);`;

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);
   CREATE TABLE credentials (
     key_id text PRIMARY KEY,
     secret_sha256 text NOT NULL,
     permissions jsonb NOT NULL,
     companies jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   );
   ${resource('products')}
   ${resource('clients', 'doc text NOT NULL, search text NOT NULL,')}
   CREATE UNIQUE INDEX clients_company_doc ON clients (company_id, doc);
   ${resource('transactions', 'tid text NOT NULL UNIQUE, charge_id text, subscription_id text, client_id text,')}
   ${resource('charges', 'subscription_id text, client_id text, due_date date,')}
   ${resource('subscriptions', 'client_id text, product_id text,')}
   ${resource('alerts', 'type text, transaction_id text,')}`,
  // The test clock (per company) and the events its moves and the API emit.
  `CREATE TABLE test_clocks (company_id text PRIMARY KEY, offset_ms bigint NOT NULL);
   CREATE TABLE events (
     id text PRIMARY KEY,
     company_id text NOT NULL,
     type text NOT NULL,
     created_at timestamptz NOT NULL,
     data jsonb NOT NULL
   );
   CREATE INDEX events_company_created ON events (company_id, created_at, id)`,
  // Webhook endpoints per company and every delivery of an event to one of them.
  `CREATE TABLE webhooks (id text PRIMARY KEY, company_id text NOT NULL, url text NOT NULL, secret text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
   CREATE INDEX webhooks_company ON webhooks (company_id);
   CREATE TABLE deliveries (
     id text PRIMARY KEY,
     company_id text NOT NULL,
     event_id text NOT NULL,
     webhook_id text NOT NULL,
     status text NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz NOT NULL,
     answers jsonb NOT NULL DEFAULT '[]',
     created_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
   CREATE INDEX deliveries_company ON deliveries (company_id, created_at, id)`,
  // Batch creation of subscriptions (POST /v1/subscription/list): the queue and each item's outcome.
  `CREATE TABLE batches (
     id text PRIMARY KEY,
     company_id text NOT NULL,
     status text NOT NULL,
     items jsonb NOT NULL,
     results jsonb NOT NULL DEFAULT '[]',
     filter jsonb,
     created_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX batches_pending ON batches (status, created_at)`,
  // One alert per transaction and type (billing/alerts.ts looks it up).
  `CREATE INDEX alerts_transaction_type ON alerts (company_id, transaction_id, type)`,
  // Events in the order they were made: a day of the test clock stamps many with one time.
  `ALTER TABLE events ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`,
  // A company's own routes and split (store/company-settings.ts).
  `CREATE TABLE company_settings (company_id text PRIMARY KEY, data jsonb NOT NULL)`,
  // Faults injected into a company's simulated providers for a span of its test clock (domain/payments/faults.ts).
  `CREATE TABLE provider_faults (
     id text PRIMARY KEY,
     seq bigint GENERATED ALWAYS AS IDENTITY,
     company_id text NOT NULL,
     provider_id text NOT NULL,
     starts_at timestamptz NOT NULL,
     ends_at timestamptz NOT NULL,
     data jsonb NOT NULL
   );
   CREATE INDEX provider_faults_company ON provider_faults (company_id, starts_at)`,
  // Payables: company_id is the recipient (its list); a transaction's are found by transaction_id,
  // a paying company's waiting ones by its clock's day (store/payables.ts).
  `${resource('payables', 'paying_company_id text NOT NULL, transaction_id text NOT NULL, available_on date NOT NULL,')}
   CREATE INDEX payables_transaction ON payables (transaction_id);
   CREATE INDEX payables_waiting ON payables (paying_company_id, available_on) WHERE status = 'WAITING_FUNDS'`,
  // Idempotency-Key (http/idempotency.ts): one row per scope and key, claimed by the request that
  // runs (owner) and then holding its answer; status NULL while that request is in flight.
  `CREATE TABLE idempotency_keys (
     scope text NOT NULL,
     key text NOT NULL,
     fingerprint text NOT NULL,
     owner text NOT NULL,
     created_at timestamptz NOT NULL,
     claimed_at timestamptz NOT NULL,
     status integer,
     headers jsonb,
     body text,
     PRIMARY KEY (scope, key)
   );
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`,
  // Webhooks by permission (webhooks/event-permissions.ts): the credential that registered one, the event
  // types it asked for (NULL: all), its deletion (its deliveries stay listed). Older rows, without key_id, deliver nothing.
  `ALTER TABLE webhooks ADD COLUMN key_id text;
   ALTER TABLE webhooks ADD COLUMN events jsonb;
   ALTER TABLE webhooks ADD COLUMN deleted_at timestamptz`,
  // 3-D Secure challenges (domain/three-ds.ts): id is the SHA-256 of the one-time reference in the
  // challenge URL (the reference itself is never stored); the clock expires PENDING ones past expires_at.
  `${resource('three_ds_challenges', 'transaction_id text NOT NULL, expires_at timestamptz NOT NULL,')}
   CREATE INDEX three_ds_challenges_expiry ON three_ds_challenges (company_id, status, expires_at)`,
  // Lists at scale (docs/lists.ts): the filters by client and status keep the list's order, so a page reads
  // only its own index entries; the test clock finds a subscription's charges and a charge's or
  // subscription's transactions without reading the company's (billing/engine.ts), and a client's
  // subscription statuses without reading each subscription (domain/states/client.ts).
  `CREATE INDEX transactions_company_client_created ON transactions (company_id, client_id, created_at, id);
   CREATE INDEX transactions_company_status_created ON transactions (company_id, status, created_at, id);
   CREATE INDEX transactions_subscription ON transactions (subscription_id);
   CREATE INDEX transactions_charge ON transactions (charge_id);
   CREATE INDEX subscriptions_company_client_created ON subscriptions (company_id, client_id, created_at, id);
   CREATE INDEX subscriptions_company_status_created ON subscriptions (company_id, status, created_at, id);
   CREATE INDEX subscriptions_company_client_status ON subscriptions (company_id, client_id, status);
   CREATE INDEX charges_subscription_due ON charges (subscription_id, due_date);
   CREATE INDEX alerts_company_status_created ON alerts (company_id, status, created_at, id)`,
  // Payables per installment (domain/split/installments.ts): every payable names its installment;
  // those made before were each a sale's only receivable, installment 1.
  `UPDATE payables SET data = jsonb_set(data, '{installment}', '1') WHERE data->'installment' IS NULL`,
  // A webhook endpoint failing since when, and disabled when (webhooks/endpoint-health.ts).
  `ALTER TABLE webhooks ADD COLUMN failing_since timestamptz;
   ALTER TABLE webhooks ADD COLUMN disabled_at timestamptz`,
  // PIX Automático mandates (store/mandates.ts), found by their subscription.
  `${resource('mandates', 'subscription_id text NOT NULL,')}
   CREATE INDEX mandates_subscription ON mandates (subscription_id, created_at)`,
  // What a payment reads of its company, cached per process (domain/company-state.ts), is stamped
  // with this counter: any write to credentials, company_settings or provider_faults bumps it in
  // the writer's own transaction, whichever process (or psql) made it, and each request reads it
  // with its credential, in the same statement (auth/credentials.ts).
  `CREATE TABLE cache_epoch (id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL);
   INSERT INTO cache_epoch VALUES (1, 1);
   CREATE FUNCTION bump_cache_epoch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE cache_epoch SET version = version + 1; RETURN NULL; END $$;
   CREATE TRIGGER credentials_bump_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credentials FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
   CREATE TRIGGER company_settings_bump_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_settings FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
   CREATE TRIGGER provider_faults_bump_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_faults FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch()`,
  // ... and told at commit to every process listening (db/change-stamp.ts), which forgets what it
  // cached of them: on PostgreSQL a request no longer reads the epoch or its credential.
  `CREATE OR REPLACE FUNCTION bump_cache_epoch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     UPDATE cache_epoch SET version = version + 1; PERFORM pg_notify('sandbox_cache', TG_TABLE_NAME); RETURN NULL; END $$`,
];

/** A migration's statements: split on semicolons outside $$-quoted bodies (a function's). */
export const statementsOf = (sql: string): string[] =>
  sql.split('$$').flatMap((part, i) => (i % 2 ? [`$$${part}$$`] : part.split(/(;)/)))
    .reduce<string[]>((all, piece) => (piece === ';' ? [...all, ''] : [...all.slice(0, -1), (all.at(-1) ?? '') + piece]), [''])
    .map((s) => s.trim()).filter(Boolean);

export async function migrate(db: Database): Promise<void> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  await db.transaction(async (tx) => {
    // One migrator at a time, even with several sandboxes on one PostgreSQL.
    await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    for (const [index, sql] of MIGRATIONS.entries()) {
      if (applied.has(index + 1)) continue;
      for (const statement of statementsOf(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
  });
}
