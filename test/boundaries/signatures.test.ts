/**
 * Webhook signatures over bodies that are not ASCII: the signature covers
 * the UTF-8 bytes sent on the wire, checked here with node:crypto's own
 * ECDSA verification and the published key, never with the sandbox's code.
 */
import { verify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

const NAME = 'Zoë Ñúñez-Łukasiewicz € 日本';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('a webhook whose body carries non-ASCII text', () => {
  it('arrives as UTF-8, with Content-Length in bytes, signed over exactly those bytes', async () => {
    receiver = await startReceiver();
    const client = makeSandbox().client();
    expect((await client.patch('/config', { webhookEndpoint: receiver.url, isRegulatedFinancialInstitution: true })).status).toBe(200);
    const customer = await client.post('/customers', individual({ fullName: NAME }));
    expect(customer.status).toBe(201);
    const [request] = await receiver.waitFor(1);
    const bytes = Buffer.from(request!.body, 'utf8');
    expect(JSON.parse(request!.body).data.fullName).toBe(NAME);
    expect(Number(request!.headers['content-length'])).toBe(bytes.length);
    expect(bytes.length).toBeGreaterThan(request!.body.length);

    const key = (await client.get('/__admin/webhooks/public-key')).body.pem as string;
    const signature = signatureOfHeader(request!.headers['x-service-signature']);
    expect(verify('sha256', bytes, { key, dsaEncoding: 'der' }, signature)).toBe(true);
    // The same text taken as Latin-1 is other bytes: a signer that did that would not verify.
    expect(verify('sha256', Buffer.from(request!.body, 'latin1'), { key, dsaEncoding: 'der' }, signature)).toBe(false);
  });
});
