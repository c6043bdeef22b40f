/**
 * What recording integration coverage costs a request (`npm run bench`, step
 * `coverage`), in a process of its own: two in-process sandboxes, one with
 * coverage recording and one without (the only difference), answer the same
 * request mix in alternating rounds; the cost is the median difference of
 * CPU time per request. The mix: a list and a read (200), a refused create
 * (400 INVALID_INPUT: the error code is read back) and an unknown customer
 * (404 USER_NOT_FOUND), none of which grows the store, so both sides stay
 * alike. The counters themselves (an operation call, a rule row hit, an event)
 * are also timed alone, a million times.
 * Most exactly, the recording step itself is timed on the real contexts of
 * answered requests, a million calls, apart from any request's own noise.
 * Prints one JSON line: { onUs, offUs, costUs, stepUs, countersUs, ... }.
 */
import { buildSandbox } from '../dist/src/server.js';
import { manualTime } from '../dist/src/core/clock.js';

const ROUNDS = Number(process.env.COVERAGE_ROUNDS ?? 12);
const PER_ROUND = Number(process.env.COVERAGE_REQUESTS ?? 4000);
const auth = `Basic ${Buffer.from('bench:secret').toString('base64')}`;
const headers = { authorization: auth, 'content-type': 'application/json' };

/** The recording step with the (context, tenant) of the first answers of each kind kept, to time it alone afterwards. */
const captured = [];
const tap = (record) => (c, tenant) => {
  if (captured.length < 8) captured.push([c, tenant]);
  record(c, tenant);
};

async function sandboxWith(coverage) {
  const built = buildSandbox({ log: 'silent', time: manualTime(Date.parse('2026-03-02T10:00:00Z')), coverage });
  const request = (method, path, body) => built.app.request(`/2025-10-13${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const customer = await (await request('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Bench Person' })).json();
  const mix = [
    () => request('GET', '/customers?limit=1'),
    () => request('POST', '/customers', { customerType: 'NOPE' }),
    () => request('GET', `/customers/${customer.id}`),
    () => request('GET', '/customers/Customer:nope'),
  ];
  return { built, mix };
}

const tenantOf = (sandbox) => sandbox.built.registry.get('bench');

async function round(sandbox, count) {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const res = await sandbox.mix[i % sandbox.mix.length]();
    await res.arrayBuffer();
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const on = await sandboxWith(tap);
const off = await sandboxWith(false);
// Warm both up (JIT, caches) before measuring.
await round(on, PER_ROUND);
await round(off, PER_ROUND);
const onTimes = [];
const offTimes = [];
for (let r = 0; r < ROUNDS; r++) {
  // ABBA order: neither side always runs right after a collection the other caused.
  const [first, second] = r % 2 === 0 ? [on, off] : [off, on];
  const a = await round(first, PER_ROUND);
  const b = await round(second, PER_ROUND);
  (first === on ? onTimes : offTimes).push(a);
  (first === on ? offTimes : onTimes).push(b);
}
// The recording step alone, on the real contexts of answered requests (200, 400 with its code read back, 404): a million calls.
let recordOne;
const timed = buildSandbox({ log: 'silent', coverage: (record) => (recordOne = record) });
timed.webhooks.close();
const contexts = captured.slice(0, 8);
const startedStep = process.cpuUsage();
const STEPS = 1_000_000;
for (let i = 0; i < STEPS; i++) {
  const [c, tenant] = contexts[i % contexts.length];
  recordOne(c, tenant);
}
const spentStep = process.cpuUsage(startedStep);
const stepUs = (spentStep.user + spentStep.system) / STEPS;
// The counters alone: what a request that also decides an outcome and emits an event adds.
const counters = tenantOf(on).coverage;
const started = process.cpuUsage();
const MILLION = 1_000_000;
for (let i = 0; i < MILLION; i++) {
  counters.call('POST /customers', 201, undefined);
  counters.ruleHit('quoteExecution', '003');
  counters.emitted('OUTGOING_PAYMENT.PENDING');
}
const spent = process.cpuUsage(started);
const countersUs = (spent.user + spent.system) / MILLION;
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const diffs = onTimes.map((t, i) => t - offTimes[i]);
const counted = Object.values(tenantOf(on).coverage.snapshot.operations).reduce((n, o) => n + o.calls, 0) - MILLION - STEPS;
process.stdout.write(`${JSON.stringify({ onUs: median(onTimes), offUs: median(offTimes), costUs: median(diffs), stepUs, countersUs, statuses: contexts.map(([c]) => c.res.status), rounds: ROUNDS, requests: PER_ROUND, counted })}\n`);
on.built.webhooks.close();
off.built.webhooks.close();
await Promise.all([on.built.registry.close(), off.built.registry.close(), timed.registry.close()]);
