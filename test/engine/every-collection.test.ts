/**
 * Round trips with a record in every collection (issue 19): the tenant is
 * seeded through the API until every collection the store registers holds at
 * least one record (test/support/every-collection.ts), so a collection that
 * a snapshot restore or a restart drops cannot go unnoticed.
 *
 * The list of collections comes from the sandbox's store registry, never
 * from this file: a collection added later without a seeding step fails the
 * guard test, by name. Every response is checked against the served OpenAPI
 * documents (the shared test client); time moves only through the control
 * plane, on a manual clock.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { tenantFileBase, tenantsDir } from '../../src/store/files.js';
import { StoreSchema, type StoredCollection } from '../../src/store/spec.js';
import { makeSandbox, type Client } from '../helpers.js';
import { bearerClient } from '../agents/helpers.js';
import {
  SEED_START_MS,
  defaultDocuments,
  emptyCollections,
  registeredParts,
  scenarioAgentToken,
  seedEveryCollection,
  type SeededIds,
  type SnapshotBody,
} from '../support/every-collection.js';

const CLIENT_ID = 'every-collection';
const SECRET = 'every-collection-secret';

/** Seeding drives well over a hundred requests; a test takes a few seconds, far less than this. */
const SLOW = 90_000;

function seededSandbox(options: { dataDir?: string } = {}) {
  const sandbox = makeSandbox({ time: manualTime(SEED_START_MS), ...options });
  return { app: sandbox.app, registry: sandbox.registry, client: sandbox.client(CLIENT_ID, SECRET), clientFor: (id: string, secret: string): Client => sandbox.client(id, secret) };
}

type Seeded = ReturnType<typeof seededSandbox>;

async function snapshotOf(client: Client): Promise<SnapshotBody> {
  const reply = await client.get<SnapshotBody>('/__admin/snapshot');
  expect(reply.status).toBe(200);
  return reply.body;
}

/** The sections of a snapshot: each registered collection and document. */
function sectionsOf(snapshot: SnapshotBody, schema: StoreSchema): string[] {
  return [...schema.collections.map((c) => c.name), ...schema.documents.map((d) => d.name)].filter((name) => snapshot[name] !== undefined);
}

/**
 * A few records of every area, read through the normal API (and the control
 * plane for its own collections), with the status each answered.
 */
async function readBack(sandbox: Seeded, ids: SeededIds): Promise<Record<string, { status: number; body: unknown }>> {
  const { client } = sandbox;
  const agent = bearerClient(sandbox.app, scenarioAgentToken(CLIENT_ID));
  const token = sandbox.clientFor(ids.apiTokenCredentials.clientId, ids.apiTokenCredentials.clientSecret);
  const reads: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
    ['config', () => client.get('/config')],
    ['customer', () => client.get(`/customers/${ids.usCustomerId}`)],
    ['customers', () => client.get('/customers?limit=100')],
    ['internal accounts (balances from the ledger)', () => client.get(`/customers/internal-accounts?customerId=${ids.usCustomerId}`)],
    ['platform internal accounts', () => client.get('/platform/internal-accounts')],
    ['external account pending ownership', () => client.get(`/customers/external-accounts/${ids.ownershipAccountId}`)],
    ['beneficial owner', () => client.get(`/beneficial-owners/${ids.beneficialOwnerId}`)],
    ['document', () => client.get(`/documents/${ids.documentId}`)],
    ['verification', () => client.get(`/verifications/${ids.verificationId}`)],
    ['quote', () => client.get(`/quotes/${ids.quoteId}`)],
    ['executed quote', () => client.get(`/quotes/${ids.executedQuoteId}`)],
    ['payout', () => client.get(`/transactions/${ids.payoutTransactionId}`)],
    ['card', () => client.get(`/cards/${ids.cardId}`)],
    ['card transaction', () => client.get(`/transactions/${ids.cardTransactionId}`)],
    ['wallet credentials', () => client.get(`/auth/credentials?accountId=${ids.walletAccountId}`)],
    ['wallet sessions', () => client.get(`/auth/sessions?accountId=${ids.walletAccountId}`)],
    ['delegated key', () => client.get(`/auth/delegated-keys/${ids.delegatedKeyId}`)],
    ['agent', () => client.get(`/agents/${ids.agentId}`)],
    ['agent approvals', () => client.get('/agents/approvals')],
    ['the agent itself, by its access token', () => agent.get('/agents/me')],
    ['api tokens', () => client.get('/tokens')],
    ['api token', () => client.get(`/tokens/${ids.apiTokenId}`)],
    ['the api token itself, by its credentials', () => token.get('/config')],
    ['invitation', () => client.get(`/invitations/${encodeURIComponent(ids.invitationCode)}`)],
    ['bulk import job', () => client.get(`/customers/bulk/jobs/${encodeURIComponent(ids.importJobId)}`)],
    ['sca factors', () => client.get(`/sca/factors?customerId=${encodeURIComponent(ids.euCustomerId)}`)],
    ['2fa reset', () => client.get(`/sca/factors/reset/${ids.twoFactorResetId}?customerId=${encodeURIComponent(ids.euCustomerId)}`)],
    ['trusted beneficiary', () => client.get(`/customers/external-accounts/${ids.trustedAccountId}`)],
    ['stablecoin provider account', () => client.get(`/stablecoin-provider-accounts/${ids.providerAccountId}`)],
    ['stablecoin', () => client.get(`/stablecoins/${ids.stablecoinId}`)],
    ['mint', () => client.get(`/stablecoin-operations/${ids.mintId}`)],
    ['events', () => client.get('/__admin/events?limit=100')],
    ['webhook deliveries', () => client.get('/__admin/webhooks')],
    ['faults', () => client.get('/__admin/faults')],
    ['clock and pending jobs', () => client.get('/__admin/clock')],
  ];
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (const [what, read] of reads) {
    const { status, body } = await read();
    answers[what] = { status, body };
  }
  return answers;
}

function expectAllOk(reads: Record<string, { status: number; body: unknown }>): void {
  const failed = Object.entries(reads).filter(([, r]) => r.status !== 200);
  expect(failed.map(([what, r]) => `${what}: ${r.status}`), 'every read-back answers 200').toEqual([]);
}

describe('seeding reaches every registered collection', () => {
  it('leaves no registered collection empty and no document at its fresh value (named when one is)', async () => {
    const sandbox = seededSandbox();
    const ids = await seedEveryCollection(sandbox.app, sandbox.client);
    const snapshot = await snapshotOf(sandbox.client);
    const fresh = await snapshotOf(sandbox.clientFor('fresh-tenant', 'fresh'));
    const schema = sandbox.registry.schema;
    const { collections, documents } = registeredParts(sandbox.registry);
    expect(collections.length).toBeGreaterThan(40);
    expect(documents.length).toBeGreaterThan(0);

    expect(emptyCollections(snapshot, schema), 'collections the seeding leaves empty: add a step to test/support/every-collection.ts').toEqual([]);
    expect(defaultDocuments(snapshot, fresh, schema), 'documents the seeding leaves at their fresh value').toEqual([]);
    // The snapshot holds exactly the registered parts (and its envelope), with the bytes of both kinds of uploaded file.
    expect(Object.keys(snapshot).sort()).toEqual([...collections, ...documents, 'exportedAt', 'files', 'format'].sort());
    expect(Object.keys(snapshot.files as Record<string, string>).sort()).toEqual([ids.documentId, ids.importJobId].sort());
  }, SLOW);

  it('names a registered collection the seeding does not reach (the guard itself)', () => {
    const unseeded: StoredCollection = { kind: 'collection', name: 'addedLater', schema: z.object({ id: z.string() }), indexes: {}, ownsBlobs: false };
    const schema = new StoreSchema([unseeded, { ...unseeded, name: 'alsoAddedLater' }]);
    expect(emptyCollections({ addedLater: {}, other: { x: { id: 'x' } } }, schema)).toEqual(['addedLater', 'alsoAddedLater']);
    expect(emptyCollections({ addedLater: { a: { id: 'a' } }, alsoAddedLater: { b: { id: 'b' } } }, schema)).toEqual([]);
  });
});

describe('snapshot round trip with every collection', () => {
  it('export -> reset -> restore -> export is identical, every section non-empty, and the records read back the same', async () => {
    const sandbox = seededSandbox();
    const { client, app } = sandbox;
    const schema = sandbox.registry.schema;
    const ids = await seedEveryCollection(app, client);
    const before = await readBack(sandbox, ids);
    expectAllOk(before);
    const exported = await snapshotOf(client);
    expect(emptyCollections(exported, schema)).toEqual([]);

    expect((await client.post('/__admin/reset')).status).toBe(200);
    const emptied = await snapshotOf(client);
    // After the reset only the platform's own accounts remain (internalAccounts); the seeded records are gone.
    expect(emptyCollections(emptied, schema)).toEqual(expect.arrayContaining(schema.collections.map((c) => c.name).filter((name) => name !== 'internalAccounts')));
    expect((await client.get(`/quotes/${ids.quoteId}`)).status).toBe(404);
    expect((await client.get(`/stablecoins/${ids.stablecoinId}`)).status).toBe(404);
    expect((await client.get('/tokens')).body.data).toEqual([]);

    const restored = await client.call('PUT', '/__admin/snapshot', exported);
    expect(restored).toMatchObject({ status: 200, body: { restored: true } });
    const again = await snapshotOf(client);
    expect(sectionsOf(again, schema)).toEqual(sectionsOf(exported, schema));
    expect(emptyCollections(again, schema)).toEqual([]);
    // Identical, exportedAt included: the tenant clock is manual and the restore puts its offset back.
    for (const name of sectionsOf(exported, schema)) expect(again[name], `section ${name}`).toEqual(exported[name]);
    expect(again).toEqual(exported);

    const after = await readBack(sandbox, ids);
    for (const what of Object.keys(before)) expect(after[what], what).toEqual(before[what]);
  }, SLOW);
});

describe('persistence round trip with every collection', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paysandbox-every-collection-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The tenant's snapshot file as the store wrote it (records in `collections`, by name). */
  const snapshotFile = (): { collections: Record<string, Record<string, unknown>> } => JSON.parse(readFileSync(join(tenantsDir(dir), `${tenantFileBase(CLIENT_ID)}.json`), 'utf8'));

  it('a sandbox reopened on the data directory holds the identical snapshot: after a crash, after a clean close, and from a snapshot file holding every record', async () => {
    const first = seededSandbox({ dataDir: dir });
    const schema = first.registry.schema;
    const ids = await seedEveryCollection(first.app, first.client);
    const before = await readBack(first, ids);
    expectAllOk(before);
    const written = await snapshotOf(first.client);
    expect(emptyCollections(written, schema)).toEqual([]);

    // Everything seeded was journalled after the snapshot the scenario's reset wrote: these reopenings replay the journal.
    // What a kill -9 leaves: the first sandbox is still open, nothing was flushed beyond what each response waited for.
    const crashed = seededSandbox({ dataDir: dir });
    const afterCrash = await snapshotOf(crashed.client);
    expect(emptyCollections(afterCrash, schema)).toEqual([]);
    for (const name of sectionsOf(written, schema)) expect(afterCrash[name], `section ${name} after a crash`).toEqual(written[name]);
    expect(afterCrash).toEqual(written);

    await first.registry.close();
    const reopened = seededSandbox({ dataDir: dir });
    const afterClose = await snapshotOf(reopened.client);
    expect(emptyCollections(afterClose, schema)).toEqual([]);
    for (const name of sectionsOf(written, schema)) expect(afterClose[name], `section ${name} after a restart`).toEqual(written[name]);
    // Identical, exportedAt included: the time source is manual and the clock offset is part of the data.
    expect(afterClose).toEqual(written);
    const after = await readBack(reopened, ids);
    for (const what of Object.keys(before)) expect(after[what], what).toEqual(before[what]);

    // A restore writes the whole state as the tenant's snapshot file: now every record is read from the file itself.
    expect((await reopened.client.call('PUT', '/__admin/snapshot', written)).status).toBe(200);
    expect(schema.collections.map((c) => c.name).filter((name) => Object.keys(snapshotFile().collections[name] ?? {}).length === 0)).toEqual([]);
    await reopened.registry.close();
    const fromFile = seededSandbox({ dataDir: dir });
    const afterFile = await snapshotOf(fromFile.client);
    expect(emptyCollections(afterFile, schema)).toEqual([]);
    for (const name of sectionsOf(written, schema)) expect(afterFile[name], `section ${name} read from the snapshot file`).toEqual(written[name]);
    expect(afterFile).toEqual(written);
    const fromFileReads = await readBack(fromFile, ids);
    for (const what of Object.keys(before)) expect(fromFileReads[what], what).toEqual(before[what]);
    await fromFile.registry.close();
  }, SLOW);
});
