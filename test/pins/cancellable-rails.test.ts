/**
 * The cancellable rails, row by row over HTTP: an unsettled payout on each
 * rail (the rail set through a restored snapshot, the way a transfer of that
 * rail is stored) is cancelled on ACH, SAME_DAY_ACH and WIRE and refused
 * 409 TRANSACTION_NOT_CANCELLABLE, naming the rail, on every other.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_RAILS } from '../../src/areas/exchange-rates/exchange-rates.schemas.js';
import { fundedCustomer } from './fixtures.js';

const CANCELLABLE = ['ACH', 'SAME_DAY_ACH', 'WIRE'];
const OTHERS = ['ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW', 'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI'];

describe('POST /transactions/{id}/cancel by rail', () => {
  it('covers every payment rail', () => expect([...PAYMENT_RAILS].filter((rail) => !CANCELLABLE.includes(rail) && !OTHERS.includes(rail))).toEqual([]));

  it('cancels an unsettled transfer on exactly ACH, SAME_DAY_ACH and WIRE', async () => {
    const { client, accountId, payee: slow } = await fundedCustomer('000000005', 100_000);
    const rails = [...CANCELLABLE, ...OTHERS];
    const ids: string[] = [];
    for (const _ of rails) {
      const tx = await client.post('/transfer-out', { source: { accountId }, destination: { accountId: slow, paymentRail: 'RTP' }, amount: 100 });
      expect(tx.body.status).toBe('PROCESSING');
      ids.push(tx.body.id);
    }
    const snapshot = (await client.get('/__admin/snapshot')).body;
    rails.forEach((rail, i) => (snapshot.transactions[ids[i]!].paymentRail = rail));
    expect((await client.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
    for (const [i, rail] of rails.entries()) {
      const res = await client.post(`/transactions/${ids[i]}/cancel`);
      if (CANCELLABLE.includes(rail)) expect([rail, res.status, res.body.status]).toEqual([rail, 200, 'FAILED']);
      else expect([rail, res.status, res.body.code, res.body.details.paymentRail]).toEqual([rail, 409, 'TRANSACTION_NOT_CANCELLABLE', rail]);
    }
  });
});
