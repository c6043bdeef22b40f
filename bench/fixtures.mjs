/**
 * What loading a preset as a fixture costs next to loading it as code
 * (`npm run bench`, step `fixtures`), in a process of its own: one
 * in-process sandbox loads the payouts preset both ways in alternating
 * rounds: POST /__admin/scenarios/payouts (a reset, then the preset's code
 * calling the services), and POST /__admin/reset then POST /__admin/fixtures
 * with scenarios/payouts.yaml (ten API requests through the app). The ratio
 * is of the medians, measured in the same run.
 * Prints one JSON line: { presetMs, fixtureMs, ratio, rounds }.
 */
import { fileURLToPath } from 'node:url';
import { buildSandbox } from '../dist/src/server.js';
import { manualTime } from '../dist/src/core/clock.js';
import { readFixtureFile } from '../dist/src/control/fixtures.file.js';

const ROUNDS = Number(process.env.FIXTURES_ROUNDS ?? 200);
const WARMUP = 30;
const auth = `Basic ${Buffer.from('bench:secret').toString('base64')}`;
const headers = { authorization: auth, 'content-type': 'application/json', accept: 'application/json' };
const fixture = JSON.stringify(readFixtureFile(fileURLToPath(new URL('../scenarios/payouts.yaml', import.meta.url))));

const built = buildSandbox({ log: 'silent', time: manualTime(Date.parse('2026-03-02T10:00:00Z')) });
const admin = async (method, path, body) => {
  const res = await built.app.request(`/__admin${path}`, { method, headers, ...(body ? { body } : {}) });
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
};
const asPreset = () => admin('POST', '/scenarios/payouts');
const asFixture = async () => {
  await admin('POST', '/reset');
  await admin('POST', '/fixtures', fixture);
};

const timed = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (let n = 0; n < WARMUP; n++) {
  await asPreset();
  await asFixture();
}
const preset = [];
const fixtures = [];
for (let n = 0; n < ROUNDS; n++) {
  // Alternating, so both sides meet the same state of the machine.
  preset.push(await timed(asPreset));
  fixtures.push(await timed(asFixture));
}
const presetMs = median(preset);
const fixtureMs = median(fixtures);
built.webhooks.close();
await built.registry.close();
process.stdout.write(`${JSON.stringify({ presetMs, fixtureMs, ratio: fixtureMs / presetMs, rounds: ROUNDS })}\n`);
