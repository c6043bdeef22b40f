/**
 * `paysandbox fixtures FILE` runs a fixture (JSON or YAML) against a running
 * sandbox (POST /__admin/fixtures); `paysandbox fixtures export` records the
 * tenant's session as one (GET /__admin/fixtures/export). `${env.NAME}` is
 * read here, from the command's own environment, before the file is sent.
 */
import { writeFileSync } from 'node:fs';
import * as yamlModule from 'yaml';
import { lazyModule } from '../core/lazy-module.js';
import { FixtureFileError, isStepFixture, readFixtureFile } from '../control/fixtures.file.js';
import { resolveEnvReferences, UnresolvedReference } from '../control/fixtures.references.js';
import type { FixtureDocument, FixtureResult } from '../control/fixtures.schemas.js';
import { callSandbox, RemoteError, type RemoteOptions } from './remote.js';

const yaml = lazyModule(() => yamlModule);

export function loadFixturesRemote(options: RemoteOptions & { file: string; env: Readonly<Record<string, string | undefined>> }): Promise<FixtureResult> {
  let fixture: unknown;
  try {
    const content = readFixtureFile(options.file);
    if (!isStepFixture(content)) throw new RemoteError(`${options.file} is not a fixture ({"fixtures": [steps]}); a snapshot is loaded with --fixtures when the sandbox starts, or PUT /__admin/snapshot`, true);
    fixture = resolveEnvReferences(content, options.env);
  } catch (err) {
    if (err instanceof FixtureFileError || err instanceof UnresolvedReference) throw new RemoteError(err.message, true);
    throw err;
  }
  return callSandbox<FixtureResult>(options, 'POST', '/__admin/fixtures', fixture);
}

export function exportFixturesRemote(options: RemoteOptions): Promise<FixtureDocument> {
  return callSandbox<FixtureDocument>(options, 'GET', '/__admin/fixtures/export');
}

/** Writes an exported fixture: YAML for a .yaml or .yml file, JSON otherwise. */
export function writeFixtureFile(file: string, fixture: FixtureDocument): void {
  writeFileSync(file, /\.ya?ml$/i.test(file) ? yaml().stringify(fixture) : `${JSON.stringify(fixture, null, 2)}\n`);
}

/** The result for a person: one line per step, with the ids it made. */
export function describeFixtureRun(result: FixtureResult): string[] {
  return [...result.steps.map((s) => `${(s.name ?? '-').padEnd(16)} ${s.status} ${s.request}${s.ids.length > 0 ? `  ${s.ids.join(' ')}` : ''}`), `clock now ${result.now}`];
}
