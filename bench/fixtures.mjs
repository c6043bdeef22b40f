/**
 * What loading a preset as a fixture costs next to loading it as code
 * (`npm run bench`, step `fixtures`), in a process of its own: one
 * in-process sandbox loads the payouts preset both ways in alternating
 * rounds: POST /__admin/scenarios/payouts (a reset, then
 * scenarios/payouts.yaml's ten steps through the app, as every load of the
 * preset now runs), and the reference, what that load cost when the preset
 * was code: one control-plane request that resets the tenant
 * (POST /__admin/reset), then the preset's ten service calls
 * (bench/payouts-as-code.mjs).
 * The ratio is of the medians, measured in the same run, after 400
 * alternating rounds of warm-up: the API path has far more code for V8 to
 * optimise, and over the first 300 rounds its ratio falls from 4.0 to 2.8
 * (medians of 100-round windows, pinned to one core); measured from round 30,
 * as it was, the median mixed that warm-up in (3.5 to 3.8). What a suite
 * that loads the preset before each test pays is the steady cost.
 * Prints one JSON line: { presetMs, fixtureMs, ratio, rounds, warmup }.
 */
import { buildSandbox } from '../dist/src/server.js';
import { manualTime } from '../dist/src/core/clock.js';
import { applyPayoutsAsCode } from './payouts-as-code.mjs';

const ROUNDS = Number(process.env.FIXTURES_ROUNDS ?? 400);
const WARMUP = Number(process.env.FIXTURES_WARMUP ?? 400);
const CLIENT_ID = 'bench';
const auth = `Basic ${Buffer.from(`${CLIENT_ID}:secret`).toString('base64')}`;
const headers = { authorization: auth, 'content-type': 'application/json', accept: 'application/json' };

const built = buildSandbox({ log: 'silent', time: manualTime(Date.parse('2026-03-02T10:00:00Z')) });
const admin = async (method, path, body) => {
  const res = await built.app.request(`/__admin${path}`, { method, headers, ...(body ? { body } : {}) });
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
};
// The tenant is made (and its secret bound) by a first request, before anything is timed.
await admin('GET', '/health');
const tenant = built.registry.get(CLIENT_ID);
const asCode = async () => {
  await admin('POST', '/reset');
  await applyPayoutsAsCode(built.registry, tenant);
};
const asFixture = () => admin('POST', '/scenarios/payouts');

const timed = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (let n = 0; n < WARMUP; n++) {
  await asCode();
  await asFixture();
}
const preset = [];
const fixtures = [];
for (let n = 0; n < ROUNDS; n++) {
  // Alternating, so both sides meet the same state of the machine.
  preset.push(await timed(asCode));
  fixtures.push(await timed(asFixture));
}
const presetMs = median(preset);
const fixtureMs = median(fixtures);
built.webhooks.close();
await built.registry.close();
process.stdout.write(`${JSON.stringify({ presetMs, fixtureMs, ratio: fixtureMs / presetMs, rounds: ROUNDS, warmup: WARMUP })}\n`);
