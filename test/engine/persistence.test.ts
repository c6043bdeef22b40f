/**
 * The durable store, in process: a snapshot plus an append-only journal per
 * tenant. A second sandbox opened on the same directory while the first is
 * still running sees exactly what a restart after `kill -9` would see.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError, tenantFileBase } from '../../src/store/files.js';
import { JournalFile } from '../../src/store/journal.js';
import { individual, makeSandbox, usdAccount } from '../helpers.js';
import { snapshotAsV2 } from '../support/snapshot-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const tenantsPath = () => join(dir, 'tenants');
const tenantFiles = () => readdirSync(tenantsPath()).sort();
const snapshotFile = (clientId: string) => join(tenantsPath(), `${tenantFileBase(clientId)}.json`);
const snapshotOf = (clientId: string) => snapshotAsV2(snapshotFile(clientId));
const journalsOf = (clientId: string) => tenantFiles().filter((f) => f.startsWith(`${tenantFileBase(clientId)}.`) && f.endsWith('.journal'));

describe('a write is on disk before its response', () => {
  it('keeps everything across a restart: records, balances, clock and the bound secret', async () => {
    const first = makeSandbox({ dataDir: dir });
    const a = first.client('persisted', 'secret');
    const customer = (await a.post('/customers', individual())).body;
    const account = (await a.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    await a.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 4200 });
    const external = (await a.post('/customers/external-accounts', usdAccount(customer.id, '987654321'))).body;
    await a.post('/__admin/clock/advance', { seconds: 7200 });
    // Closing twice (a test's own close, then its suite's) waits for the first close instead of closing the files again.
    await Promise.all([first.registry.close(), first.registry.close()]);
    await first.registry.close();

    const second = makeSandbox({ dataDir: dir });
    const b = second.client('persisted', 'secret');
    expect((await b.get(`/customers/${customer.id}`)).body).toEqual(customer);
    expect((await b.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].balance.amount).toBe(4200);
    expect((await b.get(`/customers/external-accounts/${external.id}`)).body).toEqual(external);
    expect((await b.get('/__admin/clock')).body.offsetSeconds).toBeGreaterThan(7199);
    expect((await second.client('persisted', 'other').get('/customers')).status).toBe(401);
    await second.registry.close();
  });

  it.each([
    ['read whole and checked (the store audit)', true],
    ['opened and trusted', false],
  ])('keeps a record whose id is a client\'s text, __proto__ included, through the journal and through the snapshot %s', async (_how, audit) => {
    const link = (sandbox: ReturnType<typeof makeSandbox>) =>
      sandbox.client('proto', 's').post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client-1', apiClientSecret: 'secret-000' }, { 'idempotency-key': '__proto__' });
    const first = makeSandbox({ dataDir: dir, audit });
    const created = await link(first);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Not closed: the idempotency record comes back from the journal...
    const fromJournal = makeSandbox({ dataDir: dir, audit });
    const replayed = await link(fromJournal);
    expect(replayed.body.id).toBe(created.body.id);
    await fromJournal.registry.get('proto')!.compact();
    await fromJournal.registry.close();
    expect(journalsOf('proto')).toEqual([]);
    // ...and, once written into the snapshot, from there.
    const fromSnapshot = makeSandbox({ dataDir: dir, audit });
    expect((await link(fromSnapshot)).body.id).toBe(created.body.id);
    expect((await fromSnapshot.client('proto', 's').get('/stablecoin-provider-accounts')).body.data).toHaveLength(1);
    await fromSnapshot.registry.close();
  });

  it('answers 201 only once the change is in the journal: a process that is never closed loses nothing', async () => {
    const first = makeSandbox({ dataDir: dir });
    const a = first.client('unclosed', 's');
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await a.post('/customers', individual({ fullName: `Person ${i}` }))).body.id);
    // No close, no flush: what is on disk now is what a kill -9 leaves.
    const second = makeSandbox({ dataDir: dir });
    const listed = (await second.client('unclosed', 's').get('/customers?limit=100')).body;
    expect(listed.data.map((c: { id: string }) => c.id).sort()).toEqual([...ids].sort());
    expect(listed.totalCount).toBe(25);
  });

  it('answers concurrent requests only once their changes are on disk, whichever request committed them', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('grouped', 's');
    await client.get('/customers');
    const journalText = () => journalsOf('grouped').map((f) => readFileSync(join(tenantsPath(), f), 'utf8')).join('');
    const onDiskWhenAnswered: boolean[] = [];
    const ids = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const id = (await client.post('/customers', individual({ fullName: `Grouped ${i}` }))).body.id as string;
        onDiskWhenAnswered.push(journalText().includes(id));
        return id;
      }),
    );
    expect(onDiskWhenAnswered).toEqual(Array.from({ length: 30 }, () => true));
    // Requests handled in the same turn share a commit (and a write): fewer lines than requests, every customer in them.
    const lines = journalText().trimEnd().split('\n');
    expect(lines.length).toBeLessThan(30);
    for (const id of ids) expect(lines.filter((line) => line.includes(`"${id}"`)).length).toBeGreaterThan(0);
    const reopened = makeSandbox({ dataDir: dir });
    expect((await reopened.client('grouped', 's').get('/customers?limit=100')).body.totalCount).toBe(30);
  });

  it('writes one journal line per request that changed something, and none for reads', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('lines', 's');
    await client.get('/customers');
    const before = (await client.get('/__admin/health')).body.persistence.commits;
    await client.post('/customers', individual());
    await client.get('/customers');
    await client.post('/customers', individual());
    const after = (await client.get('/__admin/health')).body.persistence;
    expect(after.commits - before).toBe(2);
    const [journal] = journalsOf('lines');
    const lines = readFileSync(join(tenantsPath(), journal!), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(after.commits);
    expect(JSON.parse(lines[lines.length - 1]!)).toEqual(expect.arrayContaining([['c', 'customers', expect.stringMatching(/^Customer:/), expect.objectContaining({ customerType: 'INDIVIDUAL' })]]));
    await sandbox.registry.close();
  });

  it('commits changes made outside a request (a due job) on its own', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('jobs', 's');
    await client.post('/__admin/scenarios/cards');
    const [active] = (await client.get('/cards')).body.data;
    const issued = await client.post('/cards', { customerId: active.customerId, form: 'VIRTUAL', fundingSource: active.fundingSource });
    expect(issued.body.status).toBe('PROCESSING');
    const tenant = sandbox.registry.get('jobs')!;
    tenant.scheduler.runUntil(tenant.clock.nowMs() + 3600_000);
    // One turn for the commit the change asks for, one for the group write it joins.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const reopened = makeSandbox({ dataDir: dir });
    expect((await reopened.client('jobs', 's').get(`/cards/${issued.body.id}`)).body.status).toBe('ACTIVE');
  });

  it('folds the journal into the snapshot in the background and drops the journal it covers', async () => {
    const sandbox = makeSandbox({ dataDir: dir, compactionBytes: 16 * 1024 });
    const client = sandbox.client('compact', 's');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await client.post('/customers', individual({ fullName: `Person ${i}` }))).body.id);
    await sandbox.registry.close();
    const stats = (await makeSandbox({ dataDir: dir }).client('compact', 's').get('/__admin/health')).body;
    expect(stats.persistent).toBe(true);
    expect(JSON.parse(readFileSync(snapshotFile('compact'), 'utf8')).schemaVersion).toBe(3);
    const snapshot = snapshotOf('compact');
    const inSnapshot = Object.keys(snapshot.collections.customers);
    expect(inSnapshot.length).toBeGreaterThan(10);
    // Only the journals after the snapshot remain.
    for (const name of journalsOf('compact')) expect(Number(/\.(\d+)\.journal$/.exec(name)![1])).toBeGreaterThanOrEqual(snapshot.journal);
    const reopened = makeSandbox({ dataDir: dir });
    const listed = (await reopened.client('compact', 's').get('/customers?limit=100')).body;
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
  });

  it('reports compactions and the longest step one held the event loop', async () => {
    const sandbox = makeSandbox({ dataDir: dir, compactionBytes: 8 * 1024 });
    const client = sandbox.client('stats', 's');
    for (let i = 0; i < 40; i++) await client.post('/customers', individual({ fullName: `Person ${i}` }));
    await sandbox.registry.close();
    expect(sandbox.registry.get('stats')!.persistenceStats().compactions).toBeGreaterThan(0);
  });

  it('keeps every acknowledged write with --fsync', async () => {
    const first = makeSandbox({ dataDir: dir, fsync: true });
    const a = first.client('synced', 's');
    const created = await a.post('/customers', individual());
    expect(created.status).toBe(201);
    const listed = (await makeSandbox({ dataDir: dir }).client('synced', 's').get(`/customers/${created.body.id}`)).body;
    expect(listed.id).toBe(created.body.id);
  });
});

describe('crash leftovers', () => {
  it('drops a journal line cut short by a crash, keeps the rest and appends after it', async () => {
    const first = makeSandbox({ dataDir: dir });
    const created = (await first.client('torn', 's').post('/customers', individual())).body;
    const [journal] = journalsOf('torn');
    appendFileSync(join(tenantsPath(), journal!), '[["c","customers","Customer:x",{"id":"Cust');
    const warnings: string[] = [];
    const log = { info() {}, error() {}, warn: (message: string) => void warnings.push(message) };
    const second = makeSandbox({ dataDir: dir, log });
    expect(warnings).toEqual(['dropped the last journal line, cut short by a crash (it was never acknowledged)']);
    const client = second.client('torn', 's');
    expect((await client.get(`/customers/${created.id}`)).status).toBe(200);
    expect((await client.get('/customers')).body.totalCount).toBe(1);
    const later = (await client.post('/customers', individual({ fullName: 'After The Crash' }))).body;
    // A journal that ends with a whole line has nothing to drop, and says nothing.
    warnings.length = 0;
    const third = makeSandbox({ dataDir: dir, log });
    expect(warnings).toEqual([]);
    expect((await third.client('torn', 's').get(`/customers/${later.id}`)).body.fullName).toBe('After The Crash');
    expect(readFileSync(join(tenantsPath(), journal!), 'utf8')).not.toContain('"Cust\n');
  });

  it('removes temporary files of an interrupted snapshot and journals the snapshot already covers', async () => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('leftovers', 's').post('/customers', individual());
    await first.registry.close();
    const base = tenantFileBase('leftovers');
    writeFileSync(join(tenantsPath(), `${base}.json.tmp-12345`), '{"half":');
    // lowdb's temp file, from the coverage file's write; a file merely starting with a dot stays.
    writeFileSync(join(tenantsPath(), `.${base}.coverage.tmp`), '{"half":');
    writeFileSync(join(tenantsPath(), '.keep'), '');
    const generation = snapshotOf('leftovers').journal;
    writeFileSync(join(tenantsPath(), `${base}.${generation - 1}.journal`), 'old\n');
    makeSandbox({ dataDir: dir });
    expect(tenantFiles().filter((f) => f.includes('tmp'))).toEqual([]);
    expect(tenantFiles()).toContain('.keep');
    expect(tenantFiles()).not.toContain(`${base}.${generation - 1}.journal`);
  });
});

function startupError(): CorruptDataFileError {
  try {
    makeSandbox({ dataDir: dir });
  } catch (err) {
    if (err instanceof CorruptDataFileError) return err;
    throw err;
  }
  throw new Error('the sandbox started');
}

describe('unusable data files stop start-up, named, and are left alone', () => {
  const snapshotWith = (changes: Record<string, unknown>) => JSON.stringify({ schemaVersion: 2, tenantId: 'x', journal: 1, secret: null, documents: {}, collections: {}, ...changes });
  const head = { tenantId: 'x', journal: 1, secret: null, documents: {} };
  const rowsWith = (changes: Record<string, unknown>) => JSON.stringify({ schemaVersion: 3, head, collections: {}, ...changes });
  const scrypt = { algorithm: 'scrypt', hash: 'aGFzaA', salt: 'c2FsdA', cost: 14 };
  // The reason in full, or (where it quotes the JSON parser) its start.
  it.each<[string, string, string | RegExp]>([
    ['not JSON (a truncated snapshot)', '{"schemaVersion":2,"tenantId":"x","journal":1,"secret":null,"documents":{},"collections":{"customers":{', /^not JSON: /],
    ['not an object', '[1, 2]', 'not a JSON object'],
    ['without a tenant id', snapshotWith({ tenantId: undefined }), 'tenantId is missing'],
    ['with an empty tenant id', snapshotWith({ tenantId: '' }), 'tenantId is missing'],
    ['from another schema version', JSON.stringify({ schemaVersion: 99, tenantId: 'x' }), 'schemaVersion 99 is not 3'],
    ['without a journal generation', snapshotWith({ journal: undefined }), 'journal generation is missing'],
    ['with journal generation 0', snapshotWith({ journal: 0 }), 'journal generation is missing'],
    ['with a fractional journal generation', snapshotWith({ journal: 1.5 }), 'journal generation is missing'],
    ['without documents', snapshotWith({ documents: undefined }), 'documents or collections are missing'],
    ['with collections as a list', snapshotWith({ collections: [] }), 'documents or collections are missing'],
    ['with a secret of no known algorithm', snapshotWith({ secret: { algorithm: 'md5', hash: 'x' } }), 'the client secret record is malformed'],
    ['with a SHA-256 secret without its hash', snapshotWith({ secret: { algorithm: 'sha256' } }), 'the client secret record is malformed'],
    ['with a scrypt secret whose cost is text', snapshotWith({ secret: { ...scrypt, cost: '14' } }), 'the client secret record is malformed'],
    ['with a scrypt secret without its salt', snapshotWith({ secret: { ...scrypt, salt: undefined } }), 'the client secret record is malformed'],
    ['with a secret that is text', snapshotWith({ secret: 'hunter2' }), 'the client secret record is malformed'],
    ['with a collection that is a list', snapshotWith({ collections: { customers: [] } }), 'collection customers is not an object'],
    ['with a record under another id', snapshotWith({ collections: { customers: { 'Customer:a': { id: 'Customer:b' } } } }), `customers["Customer:a"]: the record's id does not match its key`],
    ['with a record that is a number', snapshotWith({ collections: { customers: { 'Customer:a': 5 } } }), `customers["Customer:a"]: the record's id does not match its key`],
    // Version 3: the header under `head`, each collection as rows of values and the shapes (keys) they have.
    ['(version 3) whose head is not an object', rowsWith({ head: 5 }), 'the head is not a JSON object'],
    ['(version 3) without a tenant id', rowsWith({ head: { ...head, tenantId: undefined } }), 'tenantId is missing'],
    ['(version 3) without collections', rowsWith({ collections: undefined }), 'documents or collections are missing'],
    ['(version 3) with a collection of records by id', rowsWith({ collections: { customers: { 'Customer:a': { id: 'Customer:a' } } } }), 'collection customers is not an object with rows and shapes'],
    ['(version 3) with a shape that is no list of keys', rowsWith({ collections: { customers: { rows: [], shapes: [['id', 5]] } } }), 'collection customers: shape 0 is not a list of keys'],
    ['(version 3) with a row of another length than its shape', rowsWith({ collections: { customers: { rows: [[0, 'Customer:a', 'x']], shapes: [['id']] } } }), 'collection customers: row 0 does not fit a shape'],
    ['(version 3) with a row of no shape', rowsWith({ collections: { customers: { rows: [[0, 'Customer:a'], [1, 'Customer:b']], shapes: [['id']] } } }), 'collection customers: row 1 does not fit a shape'],
    ['(version 3) with a row that is no list', rowsWith({ collections: { customers: { rows: [{ id: 'Customer:a' }], shapes: [['id']] } } }), 'collection customers: row 0 does not fit a shape'],
    ['(version 3) with a record without an id', rowsWith({ collections: { customers: { rows: [[0, 'Ann']], shapes: [['fullName']] } } }), 'customers: a record without an id'],
    ['(version 3) with two records of one id', rowsWith({ collections: { customers: { rows: [[0, 'Customer:a'], [0, 'Customer:a']], shapes: [['id']] } } }), 'customers["Customer:a"]: a second record with this id'],
    ['(version 3) with a record that does not fit its schema', rowsWith({ collections: { customers: { rows: [[0, 'Customer:a']], shapes: [['id']] } } }), /^customers\["Customer:a"\]: customerType: /],
  ])('a snapshot %s: exit 2 naming the file and why, the file left as it was', (_what, content, why) => {
    mkdirSync(tenantsPath(), { recursive: true });
    const file = join(tenantsPath(), 'broken.json');
    writeFileSync(file, content);
    const error = startupError();
    expect(error.file).toBe(file);
    expect(error.message).toContain(file);
    if (typeof why === 'string') expect(error.why).toBe(why);
    else expect(error.why).toMatch(why);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it.each([
    ['a SHA-256 secret', { algorithm: 'sha256', hash: 'ab' }],
    ['a scrypt secret', scrypt],
    ['no secret', null],
  ])('a snapshot with %s, journal generation 1 and a collection this version does not know loads', (_what, secret) => {
    mkdirSync(tenantsPath(), { recursive: true });
    writeFileSync(join(tenantsPath(), `${tenantFileBase('x')}.json`), snapshotWith({ secret, collections: { ghosts: { g: { id: 'g' } } } }));
    const sandbox = makeSandbox({ dataDir: dir });
    expect(sandbox.registry.get('x')!.secret).toEqual(secret);
  });

  it.each([
    ['not a list', '{}', 'not a list of changes'],
    ['a change that is not a list', '[5]', 'a change is not a list'],
    ['a record under another id', '[["c","customers","Customer:x",{"id":"Customer:y"}]]', `customers["Customer:x"]: the record's id does not match`],
    ['a record that is a number', '[["c","customers","Customer:x",5]]', `customers["Customer:x"]: the record's id does not match`],
    ['a malformed secret', '[["s",{"algorithm":"x"}]]', 'the client secret record is malformed'],
    ['an unknown kind of change', '[["z"]]', 'unknown change "z"'],
    ['a record change without a collection name', '[["c",5,"id",null]]', 'unknown change "c"'],
    ['a document change without a name', '[["d",5,{}]]', 'unknown change "d"'],
  ])('a journal line holding %s: exit 2 naming the line and why', async (_what, line, why) => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('lines', 's').get('/customers');
    await first.registry.close();
    const generation = snapshotOf('lines').journal as number;
    const path = join(tenantsPath(), `${tenantFileBase('lines')}.${generation}.journal`);
    appendFileSync(path, `[["c","ghosts","g",{"id":"g"}],["d","ghost-document",{}]]\n${line}\n`);
    const error = startupError();
    expect(error.file).toBe(path);
    expect(error.why).toBe(`line ${readFileSync(path, 'utf8').trim().split('\n').length}: ${why}`);
  });

  it('a journaled document that does not fit its schema, named', async () => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('doc', 's').get('/customers');
    await first.registry.close();
    const path = join(tenantsPath(), `${tenantFileBase('doc')}.${snapshotOf('doc').journal}.journal`);
    appendFileSync(path, '[["d","config",5]]\n');
    expect(startupError().why).toMatch(/^line \d+: document config: /);
  });

  it('a record that does not fit its schema, named by collection and id', async () => {
    const first = makeSandbox({ dataDir: dir });
    const customer = (await first.client('malformed', 's').post('/customers', individual())).body;
    await first.registry.close();
    const file = snapshotFile('malformed');
    const snapshot = snapshotOf('malformed');
    // Closing left the customer in the journal; put a broken copy in the snapshot as well.
    snapshot.collections.customers = { [customer.id]: { ...customer, kycStatus: 42 } };
    const content = JSON.stringify(snapshot);
    writeFileSync(file, content);
    const error = startupError();
    expect(error.file).toBe(file);
    expect(error.message).toContain(`customers["${customer.id}"]`);
    expect(error.message).toContain('kycStatus');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('a journal line in the middle that is not an entry, named by line', async () => {
    const first = makeSandbox({ dataDir: dir });
    const client = first.client('bad-line', 's');
    await client.post('/customers', individual());
    await client.post('/customers', individual());
    const [journal] = journalsOf('bad-line');
    const path = join(tenantsPath(), journal!);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[0] = '{not json';
    writeFileSync(path, lines.join('\n'));
    const error = startupError();
    expect(error.file).toBe(path);
    expect(error.message).toMatch(/line 1 /);
  });

  it('a journaled record that does not fit its schema', async () => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('bad-record', 's').post('/customers', individual());
    const [journal] = journalsOf('bad-record');
    const path = join(tenantsPath(), journal!);
    appendFileSync(path, `${JSON.stringify([['c', 'customers', 'Customer:bad', { id: 'Customer:bad', customerType: 'ALIEN' }]])}\n`);
    const error = startupError();
    expect(error.file).toBe(path);
    expect(error.message).toContain('customers["Customer:bad"]');
  });

  it('with repair, sets the tenant aside and starts with the others', async () => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('fine', 's').post('/customers', individual());
    await first.client('broken', 's').post('/customers', individual());
    await first.registry.close();
    const file = join(tenantsPath(), `${tenantFileBase('broken')}.json`);
    writeFileSync(file, '{"cut');
    const repaired = makeSandbox({ dataDir: dir, repair: true });
    expect(repaired.registry.quarantined).toEqual([expect.stringContaining(file)]);
    expect((await repaired.client('fine', 's').get('/customers')).body.totalCount).toBe(1);
    expect((await repaired.client('broken', 's').get('/customers')).body.totalCount).toBe(0);
    const [stamp] = readdirSync(join(dir, 'quarantine'));
    expect(readFileSync(join(dir, 'quarantine', stamp!, `${tenantFileBase('broken')}.json`), 'utf8')).toBe('{"cut');
  });
});

describe('private files and secrets', () => {
  it('creates directories 0700 and files 0600', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('private', 's');
    const customer = (await client.post('/customers', individual())).body;
    await client.upload('/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US', documentNumber: 'P1', file: new File([Buffer.from('%PDF-1.4\n%%EOF\n')], 'a.pdf') });
    await sandbox.registry.close();
    expect(statSync(tenantsPath()).mode & 0o777).toBe(0o700);
    for (const name of tenantFiles()) {
      const path = join(tenantsPath(), name);
      const stat = statSync(path);
      expect(stat.mode & 0o777, name).toBe(stat.isDirectory() ? 0o700 : 0o600);
      if (stat.isDirectory()) for (const inner of readdirSync(path)) expect(statSync(join(path, inner)).mode & 0o777).toBe(0o600);
    }
  });

  it('keeps the client secret as a salted scrypt hash, never as the secret or its plain hash', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    await sandbox.client('hashed', 'my-very-secret').get('/customers');
    await sandbox.registry.close();
    const snapshot = snapshotOf('hashed');
    const all = tenantFiles().map((f) => (statSync(join(tenantsPath(), f)).isFile() ? readFileSync(join(tenantsPath(), f), 'utf8') : '')).join('');
    expect(all).not.toContain('my-very-secret');
    expect(all).not.toContain('b5f4'); // not even the start of the SHA-256 of the secret
    const secret = [snapshot.secret, ...journalsOf('hashed').flatMap((j) => readFileSync(join(tenantsPath(), j), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).flat().filter((c: unknown[]) => c[0] === 's').map((c: unknown[]) => c[1]))].filter(Boolean).pop();
    expect(secret).toEqual({ algorithm: 'scrypt', cost: 11, salt: expect.any(String), hash: expect.any(String) });
    const again = makeSandbox({ dataDir: dir });
    expect((await again.client('hashed', 'my-very-secret').get('/customers')).status).toBe(200);
    expect((await again.client('hashed', 'my-very-secreT').get('/customers')).status).toBe(401);
  });

  it('hashes a memory-only tenant’s secret at scrypt N=2^4, still salted and still checked', async () => {
    const sandbox = makeSandbox();
    expect((await sandbox.client('cheap', 'my-very-secret').get('/customers')).status).toBe(200);
    expect(sandbox.registry.get('cheap')!.secret).toEqual({ algorithm: 'scrypt', cost: 4, salt: expect.any(String), hash: expect.any(String) });
    expect((await sandbox.client('cheap', 'my-very-secreT').get('/customers')).status).toBe(401);
  });

  it('accepts a version 1 file once and replaces its unsalted secret hash', async () => {
    mkdirSync(tenantsPath(), { recursive: true });
    const now = '2025-10-13T00:00:00.000Z';
    const v1 = {
      schemaVersion: 1,
      tenantId: 'legacy',
      secretSha256: 'bd3d3e1ed19d9d3b4a8ff0ad5fbb2c59be4d4b0d69e1d0f7fd1e4a2b2e3eae36',
      clock: { clockOffsetMs: 5000 },
      config: { id: 'PlatformConfig:1', umaDomain: 'sandbox.uma.local', supportedCurrencies: [], createdAt: now, updatedAt: now },
      customers: {},
    };
    // sha256('legacy-secret')
    v1.secretSha256 = (await import('node:crypto')).createHash('sha256').update('legacy-secret').digest('hex');
    writeFileSync(join(tenantsPath(), 'legacy.0123456789.json'), JSON.stringify(v1));
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('legacy', 'legacy-secret');
    expect((await client.get('/__admin/clock')).body.offsetSeconds).toBeGreaterThanOrEqual(5);
    expect((await sandbox.client('legacy', 'wrong').get('/customers')).status).toBe(401);
    await sandbox.registry.close();
    const reopened = makeSandbox({ dataDir: dir });
    expect((await reopened.client('legacy', 'legacy-secret').get('/customers')).status).toBe(200);
    const journals = readdirSync(tenantsPath()).filter((f) => f.startsWith('legacy.') && f.endsWith('.journal'));
    const lines = journals.flatMap((j) => readFileSync(join(tenantsPath(), j), 'utf8').trim().split('\n'));
    expect(lines.some((l) => l.includes('"algorithm":"scrypt"'))).toBe(true);
  });
});

describe('tenant file names', () => {
  it('encode every client id so that it round-trips and stays in the directory', async () => {
    const ids = ['a/b', 'a_b', '.hidden', '..', '../../escape', 'ünïcødé ✓', 'x'.repeat(200)];
    const first = makeSandbox({ dataDir: dir });
    for (const id of ids) expect((await first.client(id, 's').post('/customers', individual({ fullName: `Of ${id.slice(0, 20)}` }))).status).toBe(201);
    await first.registry.close();
    expect(new Set(tenantFiles().filter((f) => f.endsWith('.json'))).size).toBe(ids.length);
    expect(readdirSync(dir).sort()).toEqual(['card-number-key', 'tenants', 'webhook-signing-key.pem']);
    const second = makeSandbox({ dataDir: dir });
    expect(second.registry.all().map((t) => t.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const listed = (await second.client(id, 's').get('/customers')).body;
      expect(listed.data.map((c: { fullName: string }) => c.fullName)).toEqual([`Of ${id.slice(0, 20)}`]);
    }
  });
});

describe('tenant file names at the encoding limit', () => {
  it('keeps the readable encoding up to 160 characters (120 bytes of id) and hashes a longer id', async () => {
    const at = 'y'.repeat(120);
    const over = 'y'.repeat(121);
    expect(tenantFileBase(at)).toBe(`t-${Buffer.from(at).toString('base64url')}`);
    expect(tenantFileBase(at)).toHaveLength(162);
    expect(tenantFileBase(over)).toBe(`h-${createHash('sha256').update(over).digest('hex')}`);
    const first = makeSandbox({ dataDir: dir });
    for (const id of [at, over]) expect((await first.client(id, 's').get('/customers')).status).toBe(200);
    await first.registry.close();
    expect(tenantFiles().filter((f) => f.endsWith('.json')).sort()).toEqual([`${tenantFileBase(at)}.json`, `${tenantFileBase(over)}.json`].sort());
    expect(makeSandbox({ dataDir: dir }).registry.all().map((t) => t.id).sort()).toEqual([at, over].sort());
  });

  it('refuses a journal whose snapshot file is gone, naming the journal', async () => {
    const first = makeSandbox({ dataDir: dir });
    await first.client('orphan', 's').post('/customers', individual());
    const [journal] = journalsOf('orphan');
    rmSync(join(tenantsPath(), `${tenantFileBase('orphan')}.json`));
    const error = startupError();
    expect(error.file).toBe(join(tenantsPath(), journal!));
    expect(error.why).toBe('a journal without its snapshot file');
  });

  it('makes a data directory that exists with looser permissions private', () => {
    mkdirSync(tenantsPath(), { recursive: true, mode: 0o755 });
    chmodSync(tenantsPath(), 0o755);
    makeSandbox({ dataDir: dir });
    expect(statSync(tenantsPath()).mode & 0o777).toBe(0o700);
  });
});

describe('the journal file writes in groups', () => {
  const journalFile = () => join(dir, 'unit.journal');

  it('writes the lines appended in one turn together, and each append resolves once they are in the file', async () => {
    const journal = new JournalFile(journalFile(), false);
    const appended = ['{"n":1}\n', '{"n":2,"name":"Zoë"}\n', '{"n":3}\n'].map((line) => journal.append(line));
    expect(readFileSync(journalFile(), 'utf8')).toBe('');
    await Promise.all(appended);
    expect(readFileSync(journalFile(), 'utf8')).toBe('{"n":1}\n{"n":2,"name":"Zoë"}\n{"n":3}\n');
    expect(journal.size).toBe(Buffer.byteLength('{"n":1}\n{"n":2,"name":"Zoë"}\n{"n":3}\n'));
    await journal.append('{"n":4}\n');
    expect(readFileSync(journalFile(), 'utf8').split('\n')).toHaveLength(5);
    await journal.close();
  });

  it('with fsync, resolves each group after its sync, groups made while one syncs included', async () => {
    const journal = new JournalFile(journalFile(), true);
    const first = journal.append('a\n');
    await new Promise((resolve) => setImmediate(resolve));
    const second = [journal.append('b\n'), journal.append('c\n')];
    await Promise.all([first, ...second]);
    expect(readFileSync(journalFile(), 'utf8')).toBe('a\nb\nc\n');
    const third = journal.append('d\n');
    await journal.close();
    await third;
    expect(readFileSync(journalFile(), 'utf8')).toBe('a\nb\nc\nd\n');
  });
});
