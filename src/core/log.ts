/** A small structured logger: pretty for people, json for machines, or silent for tests. */
export type LogFormat = 'pretty' | 'json' | 'silent';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(format: LogFormat, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  if (format === 'silent') return { info() {}, warn() {}, error() {} };
  const emit = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (format === 'json') {
      write(JSON.stringify({ level, msg: message, ...fields }));
      return;
    }
    const extra = fields && Object.keys(fields).length > 0 ? ` ${Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ')}` : '';
    write(`${level === 'info' ? '' : `${level.toUpperCase()} `}${message}${extra}`);
  };
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
