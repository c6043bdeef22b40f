/** Real processes for the stop tests: start a command, find its whole process tree, wait until none of it is left. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Started {
  child: ChildProcess;
  /** The API base URL from the banner. */
  url: string;
  output(): string;
}

/** Spawns `command` and waits for the sandbox's banner. */
export function startCommand(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no banner from ${command} ${args.join(' ')} within ${options.timeoutMs ?? 30_000} ms: ${out}`)), options.timeoutMs ?? 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /API\s+(http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out });
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${code} before listening: ${out}`));
    });
  });
}

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
}

function processes(): ProcInfo[] {
  const found: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push({ pid: Number(name), ppid: Number(ppid), state: state! });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const all = processes();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const p of all) if (p.ppid === tree[i]) tree.push(p.pid);
  return tree;
}

/** Alive: exists and is not a zombie waiting for a parent that no longer reads it. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until none of `pids` is alive; answers how long that took, or rejects at the limit. */
export async function allGone(pids: number[], limitMs: number): Promise<number> {
  const started = performance.now();
  while (pids.some(alive)) {
    if (performance.now() - started > limitMs) throw new Error(`still running after ${limitMs} ms: ${pids.filter(alive).join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

/** Kills whatever of the tree is left (test clean-up). */
export function killTree(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
