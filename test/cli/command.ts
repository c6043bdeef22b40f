/** The paysandbox command, run as a user runs it: a child process on 127.0.0.1, in a fresh working directory per test. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'paysandbox');
export const AUTH = `Basic ${Buffer.from('cli-test:secret').toString('base64')}`;

let dir: string;
const children: ChildProcess[] = [];

/** Each test of the calling file runs in a fresh directory; every command it started is killed after it. */
export function commandPerTest(): { dir(): string } {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paysandbox-cli-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ...env } });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts the command on a free port and waits for its banner. */
export function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { cwd: dir, env: { ...process.env, ...env } });
    children.push(child);
    let out = '';
    const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    child.stdout.on('data', (d) => {
      out += d;
      const match = /API\s+(https?:\/\/\S+)/.exec(out) ?? /"api":"(https?:\/\/[^"]+)"/.exec(out);
      if (match) resolve({ child, url: match[1]!, output: () => out, exit });
    });
    child.stderr.on('data', (d) => (out += d));
    void exit.then((code) => reject(new Error(`exited ${code} before listening: ${out}`)));
  });
}

export const json = { 'content-type': 'application/json', authorization: AUTH };
