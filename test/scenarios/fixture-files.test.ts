/**
 * The presets as fixture files (scenarios/*.yaml): each, run through the
 * API into an empty tenant, builds what its preset builds, field for field.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { comparable } from '../support/comparable.js';
import { readFixtureFile } from '../../src/control/fixtures.file.js';

const file = (name: string) => fileURLToPath(new URL(`../../scenarios/${name}.yaml`, import.meta.url));

describe('the presets as fixture files', () => {
  for (const name of ['starter', 'payouts', 'wallet', 'cards']) {
    it(`scenarios/${name}.yaml builds what the ${name} preset builds`, async () => {
      const sandbox = makeSandbox();
      const preset = sandbox.client('preset', 'preset-secret');
      expect((await preset.post(`/__admin/scenarios/${name}`)).status).toBe(200);
      const fixture = sandbox.client('fixture', 'fixture-secret');
      const loaded = await fixture.post('/__admin/fixtures', readFixtureFile(file(name)));
      expect(loaded.status).toBe(200);
      const [before, after] = [(await preset.get('/__admin/snapshot')).body, (await fixture.get('/__admin/snapshot')).body];
      const { events: _a, webhookDeliveries: _b, ...presetState } = before;
      const { events: _c, webhookDeliveries: _d, ...fixtureState } = after;
      expect(comparable(fixtureState)).toEqual(comparable(presetState));
    });
  }
});
