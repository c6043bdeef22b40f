/** The paysandbox command as a child process, for tests that need a real process (signals, kill -9, exit codes). */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'paysandbox');

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts the command on a free port in `cwd` and waits for its banner; `track` receives the child so the test can kill it. */
export function startCli(cwd: string, args: string[], track: (child: ChildProcess) => void, env: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { cwd, env: { ...process.env, ...env } });
    track(child);
    let out = '';
    const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    child.stdout.on('data', (d) => {
      out += d;
      const match = /API\s+(http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!, output: () => out, exit });
    });
    child.stderr.on('data', (d) => (out += d));
    void exit.then((code) => reject(new Error(`exited ${code} before listening: ${out}`)));
  });
}
