/**
 * The baseline of every ratio in the bench: a bare Hono server on the same
 * hono and @hono/node-server, with no application logic. GET answers with
 * the bytes of --body (the sandbox's own response, so both serve the same
 * bytes); POST parses the JSON body and answers 201. It prints its URL the
 * way the paysandbox banner does, so start-up is measured the same way.
 *
 *   node bench/bare.mjs [--port N] [--body FILE]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, body: { type: 'string' } } });
const body = values.body ? readFileSync(values.body) : Buffer.from('{"data":[],"hasMore":false,"totalCount":0}');
let created = 0;

const app = new Hono();
app.get('*', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
app.post('*', async (c) => {
  const input = await c.req.json();
  return c.json({ id: `Bare:${++created}`, ...input }, 201);
});

const server = serve({ fetch: app.fetch, port: Number(values.port), hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`  API       http://127.0.0.1:${info.port}/2025-10-13\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
