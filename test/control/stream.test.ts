/**
 * The live event stream (server-sent events) and `paysandbox listen`, end
 * to end: a listening sandbox, the stream read over HTTP, and the CLI
 * forwarding signed events to a real receiver.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { verify } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type RunningSandbox } from '../../src/index.js';
import { parseEvents } from '../../src/cli/listen.js';
import { individual } from '../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'paysandbox');
const AUTH = { authorization: `Basic ${Buffer.from('stream-app:secret').toString('base64')}` };

let sandbox: RunningSandbox | undefined;
let receiver: Receiver | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill('SIGTERM');
  child = undefined;
  await receiver?.close();
  receiver = undefined;
  await sandbox?.close();
  sandbox = undefined;
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox!.url}${path}`, { method, headers: { ...AUTH, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return response.json();
}

/** Reads server-sent events from a streaming response until `count` have arrived. */
async function readEvents(response: Response, count: number, onConnected?: () => Promise<void>) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let connected = false;
  const events: ReturnType<typeof parseEvents>['events'] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    if (!connected && buffer.includes(': connected')) {
      connected = true;
      await onConnected?.();
    }
    const parsed = parseEvents(buffer);
    buffer = parsed.rest;
    events.push(...parsed.events);
  }
  await reader.cancel();
  return events;
}

describe('GET /__admin/events as a stream', () => {
  it('streams each new event with its signature, and replays what was missed after Last-Event-ID', async () => {
    sandbox = await createSandbox();
    await call('PATCH', '/config', { isRegulatedFinancialInstitution: true });
    const controller = new AbortController();
    const response = await fetch(`${sandbox.origin}/__admin/events`, { headers: { ...AUTH, accept: 'text/event-stream' }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [first, second] = await readEvents(response, 2, async () => {
      await call('POST', '/customers', individual({ fullName: 'Streamed One' }));
      await call('POST', '/customers', individual({ fullName: 'Streamed Two' }));
    });
    controller.abort();
    const envelope = JSON.parse(first!.data);
    expect(envelope).toMatchObject({ id: first!.id, type: 'CUSTOMER.KYC_APPROVED', data: { fullName: 'Streamed One' } });
    expect(first!.event).toBe('CUSTOMER.KYC_APPROVED');
    expect(JSON.parse(second!.data).data.fullName).toBe('Streamed Two');
    expect(verify('sha256', Buffer.from(first!.data), { key: sandbox.webhookPublicKey.pem, dsaEncoding: 'der' }, signatureOfHeader(first!.signature))).toBe(true);

    // Reconnecting after the first event gets the second one first.
    const again = await fetch(`${sandbox.origin}/__admin/events`, { headers: { ...AUTH, accept: 'text/event-stream', 'last-event-id': first!.id! } });
    const [missed] = await readEvents(again, 1);
    expect(missed!.id).toBe(second!.id);
  });

  it("keeps tenants apart: a stream shows only its own tenant's events", async () => {
    sandbox = await createSandbox();
    const other = { authorization: `Basic ${Buffer.from('other-app:secret').toString('base64')}` };
    await fetch(`${sandbox.url}/config`, { method: 'PATCH', headers: { ...other, 'content-type': 'application/json' }, body: JSON.stringify({ isRegulatedFinancialInstitution: true }) });
    await call('PATCH', '/config', { isRegulatedFinancialInstitution: true });
    const response = await fetch(`${sandbox.origin}/__admin/events`, { headers: { ...AUTH, accept: 'text/event-stream' } });
    const [event] = await readEvents(response, 1, async () => {
      await fetch(`${sandbox!.url}/customers`, { method: 'POST', headers: { ...other, 'content-type': 'application/json' }, body: JSON.stringify(individual({ fullName: 'Not Yours' })) });
      await call('POST', '/customers', individual({ fullName: 'Yours' }));
    });
    expect(JSON.parse(event!.data).data.fullName).toBe('Yours');
  });
});

describe('paysandbox listen', () => {
  it.each([
    ['Service', []],
    ['Grid', ['--service-name', 'Grid']],
  ])('forwards every event, signed, from a running sandbox to a local URL (service name %s)', async (serviceName, flags) => {
    sandbox = await createSandbox({ serviceName });
    receiver = await startReceiver();
    await call('PATCH', '/config', { isRegulatedFinancialInstitution: true });
    child = spawn(process.execPath, [BIN, 'listen', '--sandbox', sandbox.origin, '--forward-to', receiver.url, '--client-id', 'stream-app', '--client-secret', 'secret', ...flags]);
    let output = '';
    child.stdout!.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (d: string) => {
        output += d;
        if (output.includes('listening to')) resolve();
      });
      child!.once('exit', (code) => reject(new Error(`listen exited with ${code}`)));
    });
    const customer = await call('POST', '/customers', individual({ fullName: 'Forwarded Person' }));
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'CUSTOMER.KYC_APPROVED', data: { id: customer.id } });
    const signature = signatureOfHeader(request!.headers[`x-${serviceName.toLowerCase()}-signature`]);
    expect(Object.keys(request!.headers).filter((name) => name.endsWith('-signature'))).toEqual([`x-${serviceName.toLowerCase()}-signature`]);
    expect(verify('sha256', Buffer.from(request!.body), { key: sandbox.webhookPublicKey.pem, dsaEncoding: 'der' }, signature)).toBe(true);
    // The line is printed once the app has answered: wait for it, however long that takes.
    await expect.poll(() => output).toMatch(/CUSTOMER\.KYC_APPROVED Webhook:\S+ -> http:\/\/127\.0\.0\.1:\d+\/webhooks 200/);
  });

  it('exits 2 with one line when the credentials are refused or missing', async () => {
    sandbox = await createSandbox({ credentials: { 'only-app': 'secret' } });
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const p = spawn(process.execPath, [BIN, 'listen', ...args], { env: { ...process.env, PAYSANDBOX_CLIENT_ID: '', PAYSANDBOX_CLIENT_SECRET: '' } });
        let stderr = '';
        p.stderr.setEncoding('utf8');
        p.stderr.on('data', (d: string) => (stderr += d));
        p.once('exit', (code) => resolve({ code, stderr }));
      });
    const refused = await run(['--sandbox', sandbox.origin, '--forward-to', 'http://127.0.0.1:9/x', '--client-id', 'wrong', '--client-secret', 'nope']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^paysandbox: the sandbox refused client id wrong/);
    const missing = await run(['--forward-to', 'http://127.0.0.1:9/x']);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/listen needs --client-id/) });
  });
});
