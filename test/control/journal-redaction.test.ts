/**
 * The request journal shows what a client sent: digit runs that are no card
 * number (an MXN CLABE, a timestamp inside a wallet signing payload) are
 * shown as sent, although each passes the Luhn check a card number passes.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, TEST_EPOCH_MS } from '../helpers.js';
import { manualTime } from '../../src/core/clock.js';
import { ACCOUNT_SAMPLES } from '../fixtures/account-samples.js';
import { otpLogin, walletSandbox } from '../wallet/helpers.js';

/** The check a card number passes: each of the values below passes it too. */
function luhnValid(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

describe('digits the journal shows as sent', () => {
  it('an MXN CLABE in an external account creation body', async () => {
    const clabe = (ACCOUNT_SAMPLES.MXN_ACCOUNT!.accountInfo as { clabeNumber: string }).clabeNumber;
    expect(clabe).toMatch(/^\d{18}$/);
    expect(luhnValid(clabe)).toBe(true);
    const client = makeSandbox().client();
    const customerId = (await client.post('/customers', individual({ currencies: ['MXN'] }))).body.id;
    const created = await client.post('/customers/external-accounts', { customerId, ...ACCOUNT_SAMPLES.MXN_ACCOUNT });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [entry] = (await client.get('/__admin/requests?method=POST&path=/customers/external-accounts')).body.data;
    expect(entry.requestBody.accountInfo.clabeNumber).toBe(clabe);
    expect(JSON.stringify(entry)).not.toContain('[redacted card number]');
  });

  it('the timestamp inside a signed retry\'s payloadToSign', async () => {
    // At this instant the millisecond timestamp passes the Luhn check.
    const at = TEST_EPOCH_MS + 6_000;
    expect(luhnValid(String(at))).toBe(true);
    const box = await walletSandbox({ time: manualTime(at) });
    const wallet = await box.openWallet();
    await otpLogin(box.client, wallet.emailCredentialId);
    const entries = (await box.client.get(`/__admin/requests?method=POST&status=202`)).body.data;
    expect(entries).toHaveLength(1);
    const payload = JSON.parse(entries[0].responseBody.payloadToSign);
    expect(payload.timestampMs).toBe(String(at));
    expect(JSON.stringify(entries[0])).not.toContain('[redacted card number]');
  });
});
