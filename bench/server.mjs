/**
 * Benchmark server: a child process started by bench/run.mjs (with fork(), so
 * it has an IPC channel). It starts a sandbox through the programmatic API,
 * seeds the tenant "bench" through the in-process services, and reports
 * { type: 'ready', url, ... } to its parent (also printed as a JSON line on stdout).
 *
 *   node --expose-gc bench/server.mjs [--accounts N] [--customers M] [--data DIR | --memory]
 *
 * Messages from the parent:
 *   { type: 'memory' }  -> gc (when exposed), then { type: 'memory', rss, heapUsed, ... }
 *   { type: 'counts' }  -> { type: 'counts', customers, internalAccounts, externalAccounts }
 *   { type: 'baseline', ms } -> the longest event-loop pause over the next ms, without compacting
 *   { type: 'compact' } -> fold the tenant's journal into a new snapshot now; answers with the
 *                          longest event-loop pause seen meanwhile and the persistence stats
 *   { type: 'close' }   -> close the sandbox (writes the data) and exit 0
 */
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSandbox } from '../dist/src/index.js';
import { createCustomer } from '../dist/src/areas/customers/customers.service.js';
import { createExternalAccount } from '../dist/src/areas/external-accounts/external-accounts.service.js';

const TENANT = 'bench';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    accounts: { type: 'string', default: '0' },
    customers: { type: 'string', default: '0' },
    data: { type: 'string' },
    memory: { type: 'boolean', default: false },
  },
});
const accounts = Number(values.accounts);
let customers = Number(values.customers);
if (accounts > 0 && customers === 0) customers = Math.max(1, Math.ceil(accounts / 10));

function send(message) {
  if (process.send) process.send(message);
  else process.stdout.write(`${JSON.stringify(message)}\n`);
}

/**
 * Full collections over a few turns of the event loop: garbage still held by
 * weak references or pending finalizers after a burst of requests is only
 * freed once those turns have run, so one synchronous gc() overstates the heap.
 */
async function gc() {
  if (typeof globalThis.gc !== 'function') return;
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function counts(tenant) {
  return { customers: tenant.customers.size, internalAccounts: tenant.internalAccounts.size, externalAccounts: tenant.externalAccounts.size };
}

/** Account numbers never end in 105 (rejected by the sandbox rules): each one ends in "000". */
function accountNumber(i) {
  return `${String(i).padStart(9, '0')}000`;
}

function seed(tenant) {
  const customerIds = [];
  for (let i = 0; i < customers; i++) {
    const c = createCustomer(tenant, { customerType: 'INDIVIDUAL', fullName: `Bench Customer ${i}` });
    customerIds.push(c.id);
  }
  for (let i = 0; i < accounts; i++) {
    const fullName = `Bench Customer ${i % customers}`;
    createExternalAccount(tenant, {
      customerId: customerIds[i % customerIds.length],
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: accountNumber(i),
        routingNumber: '021000021',
        // Full beneficiary data, as a platform that follows the travel rule sends it.
        beneficiary: {
          beneficiaryType: 'INDIVIDUAL',
          fullName,
          birthDate: '1985-04-12',
          nationality: 'US',
          email: `customer${i % customers}@example.com`,
          phoneNumber: '+14155550123',
          countryOfResidence: 'US',
          address: { line1: `${100 + (i % 900)} Market Street`, line2: 'Suite 400', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
        },
      },
    });
  }
}

async function main() {
  const started = performance.now();
  const sandbox = await createSandbox({
    port: 0,
    host: '127.0.0.1',
    log: 'silent',
    ...(values.data && !values.memory ? { dataDir: values.data } : {}),
  });
  const tenant = sandbox.registry.ensure(TENANT);
  const seedStarted = performance.now();
  seed(tenant);
  const seedMs = performance.now() - seedStarted;
  // The seed is one big commit; let the compaction it starts finish before any measurement.
  await tenant.compact();
  await gc();

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    try {
      await sandbox.close();
      process.exit(0);
    } catch (err) {
      process.stderr.write(`bench server: close failed: ${err?.stack ?? err}\n`);
      process.exit(1);
    }
  };

  process.on('message', async (msg) => {
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'memory') {
      await gc();
      const m = process.memoryUsage();
      send({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, gcExposed: typeof globalThis.gc === 'function' });
    } else if (msg.type === 'compact') {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const started = performance.now();
      await tenant.compact();
      delay.disable();
      send({ type: 'compact', ms: performance.now() - started, eventLoopMaxMs: delay.max / 1e6, stats: tenant.persistenceStats() });
    } else if (msg.type === 'baseline') {
      // The same measurement as 'compact', over msg.ms of the load alone: what the pauses are without a compaction.
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      await new Promise((resolve) => setTimeout(resolve, msg.ms));
      delay.disable();
      send({ type: 'baseline', eventLoopMaxMs: delay.max / 1e6 });
    } else if (msg.type === 'counts') {
      send({ type: 'counts', ...counts(tenant) });
    } else if (msg.type === 'close') {
      void close();
    }
  });
  process.on('disconnect', () => void close());
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());

  const ready = { type: 'ready', url: sandbox.url, pid: process.pid, startMs: seedStarted - started, seedMs, seeded: counts(tenant) };
  if (process.send) process.send(ready);
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench server: ${err?.stack ?? err}\n`);
  send({ type: 'error', message: String(err?.message ?? err) });
  process.exit(1);
});
