/**
 * A fixtures file as --fixtures, createSandbox({ fixtures }) and the
 * command line read it: JSON, or YAML (.yaml, .yml). Two kinds share the
 * flag, told apart by their shape: a fixture is `{ "fixtures": [steps] }`,
 * anything else is a snapshot as GET /__admin/snapshot exports it.
 */
import { readFileSync } from 'node:fs';
import * as yamlModule from 'yaml';
import { lazyModule } from '../core/lazy-module.js';

const yaml = lazyModule(() => yamlModule);

/** The file could not be read or parsed; the message names the file and why. */
export class FixtureFileError extends Error {
  override name = 'FixtureFileError';
}

/** The parsed content of a JSON or YAML file. */
export function readFixtureFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new FixtureFileError(`cannot read fixtures file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const isYaml = /\.ya?ml$/i.test(file);
  try {
    // Merge keys (<<: *anchor) let a file say a repeated body once.
    return isYaml ? yaml().parse(text, { merge: true }) : JSON.parse(text);
  } catch (err) {
    throw new FixtureFileError(`fixtures file ${file} is not valid ${isYaml ? 'YAML' : 'JSON'}: ${(err as Error).message}`);
  }
}

/** Whether parsed content is a fixture (a list of steps) rather than a snapshot. */
export function isStepFixture(content: unknown): boolean {
  return content !== null && typeof content === 'object' && !Array.isArray(content) && 'fixtures' in content;
}
