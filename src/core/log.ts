/** A small structured logger: pretty for people, json for machines, or silent for tests. */
export type LogFormat = 'pretty' | 'json' | 'silent';

/** One answered request, as the request log prints it. */
export interface RequestLine {
  time: string;
  /** The client id, or null when the request named no valid one. */
  tenant: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** One line per request; absent when requests are not logged (silent, or quiet). */
  request?: ((line: RequestLine) => void) | undefined;
}

export interface LoggerOptions {
  /** No per-request lines. */
  quiet?: boolean;
  /** Where request lines go (stdout by default): they are the program's output, like a web server's access log. */
  out?: (line: string) => void;
}

/**
 * Request lines for stdout, written once per turn of the event loop, through
 * process.stdout (so whoever captures it, a test runner, still sees them):
 * under load one write per request would cost more than the request. There
 * is one stdout per process, so one queue: what it holds when the process
 * exits is written then.
 */
let stdoutLines: string[] = [];
let stdoutExitHook = false;

function flushStdout(): void {
  if (stdoutLines.length === 0) return;
  const text = `${stdoutLines.join('\n')}\n`;
  stdoutLines = [];
  process.stdout.write(text);
}

function toStdout(line: string): void {
  if (!stdoutExitHook) {
    stdoutExitHook = true;
    process.once('exit', flushStdout);
  }
  if (stdoutLines.push(line) === 1) setImmediate(flushStdout);
}

export function createLogger(format: LogFormat, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`), options: LoggerOptions = {}): Logger {
  if (format === 'silent') return { info() {}, warn() {}, error() {} };
  const out = options.out ?? toStdout;
  const emit = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (format === 'json') {
      write(JSON.stringify({ level, msg: message, ...fields }));
      return;
    }
    const extra = fields && Object.keys(fields).length > 0 ? ` ${Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ')}` : '';
    write(`${level === 'info' ? '' : `${level.toUpperCase()} `}${message}${extra}`);
  };
  const request = options.quiet
    ? undefined
    : format === 'json'
      ? (line: RequestLine) => out(JSON.stringify({ level: 'info', msg: 'request', ...line }))
      : (line: RequestLine) => out(`${line.time.slice(11, 23)} ${line.method} ${line.path} ${line.status} ${line.durationMs} ms ${line.tenant ?? '-'} ${line.requestId}`);
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    request,
  };
}
