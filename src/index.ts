/**
 * paysandbox for test suites:
 *
 *   const sandbox = await createSandbox();          // port 0, in memory
 *   await fetch(`${sandbox.url}/customers`, ...);   // or sandbox.app.request(...)
 *   await sandbox.close();
 */
import { startServer, type RunningSandbox, type SandboxOptions } from './server.js';

export type { RunningSandbox, SandboxOptions } from './server.js';
export { StartupError, buildSandbox, startServer } from './server.js';
export { API_VERSION } from './core/version.js';
export { RULES, outcomeFor } from './rules/index.js';
export { manualTime } from './core/clock.js';
export { sequentialIds } from './core/ids.js';

/** Starts an isolated sandbox: on 127.0.0.1, a free port and in memory unless told otherwise. */
export function createSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startServer({ port: 0, host: '127.0.0.1', ...options });
}
