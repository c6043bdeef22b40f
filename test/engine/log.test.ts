/**
 * The logger's lines, exactly: pretty for people (the level named unless it is
 * info, fields as key=value), json for machines, nothing when silent; one
 * request line per answered request unless quiet.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, type RequestLine } from '../../src/core/log.js';

const REQUEST: RequestLine = { time: '2026-03-02T10:00:00.123Z', tenant: 'my-app', method: 'POST', path: '/2025-10-13/customers', status: 201, durationMs: 1.5, requestId: 'req_1' };

function capture(format: 'pretty' | 'json' | 'silent', quiet = false) {
  const lines: string[] = [];
  const requests: string[] = [];
  const log = createLogger(format, (line) => lines.push(line), { quiet, out: (line) => requests.push(line) });
  return { log, lines, requests };
}

describe('createLogger', () => {
  it('pretty: the message, the level unless info, fields as key=value with strings bare', () => {
    const { log, lines } = capture('pretty');
    log.info('started');
    log.info('listening', { port: 4010, host: '127.0.0.1', tags: ['a', 'b'] });
    log.warn('slow', {});
    log.error('could not write', { tenant: 't', error: 'disk full' });
    expect(lines).toEqual(['started', 'listening port=4010 host=127.0.0.1 tags=["a","b"]', 'WARN slow', 'ERROR could not write tenant=t error=disk full']);
  });

  it('json: one object a line, level and msg first, then the fields', () => {
    const { log, lines } = capture('json');
    log.info('started');
    log.warn('slow', { ms: 12 });
    log.error('failed', { why: 'x' });
    expect(lines).toEqual(['{"level":"info","msg":"started"}', '{"level":"warn","msg":"slow","ms":12}', '{"level":"error","msg":"failed","why":"x"}']);
  });

  it('request lines: pretty as time, method, path, status, duration, tenant and request id; json whole; "-" for no tenant', () => {
    const pretty = capture('pretty');
    pretty.log.request!(REQUEST);
    pretty.log.request!({ ...REQUEST, tenant: null, status: 401 });
    expect(pretty.requests).toEqual(['10:00:00.123 POST /2025-10-13/customers 201 1.5 ms my-app req_1', '10:00:00.123 POST /2025-10-13/customers 401 1.5 ms - req_1']);
    expect(pretty.lines).toEqual([]);
    const json = capture('json');
    json.log.request!(REQUEST);
    expect(json.requests.map((l) => JSON.parse(l))).toEqual([{ level: 'info', msg: 'request', ...REQUEST }]);
  });

  it('quiet: no request lines, other lines as before; silent: nothing at all', () => {
    for (const format of ['pretty', 'json'] as const) {
      const quiet = capture(format, true);
      expect(quiet.log.request).toBeUndefined();
      quiet.log.warn('still said');
      expect(quiet.lines).toHaveLength(1);
    }
    const silent = capture('silent');
    silent.log.info('a');
    silent.log.warn('b');
    silent.log.error('c');
    expect(silent.log.request).toBeUndefined();
    expect(silent.lines).toEqual([]);
  });
});
