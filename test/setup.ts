/** Runs in every test file: what a file's sandboxes left armed is stopped before the next file starts. */
import { afterAll } from 'vitest';
import { closeSandboxes } from './helpers.js';

afterAll(closeSandboxes);
