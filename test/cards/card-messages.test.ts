/**
 * The card network's further simulators over HTTP: balance inquiry, credit
 * authorization (and its advice), financial authorization in both
 * directions, authorization advice and return reversal. Each one: the 202
 * answer, the row, the funding source's balances through the ledger, the
 * CARD_TRANSACTION.* webhooks, every descriptor row, delays before and
 * after, and bad input as 400 naming the field.
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox, type Client } from '../helpers.js';
import { activeCard } from '../pins/fixtures.js';

async function advance(client: Client, seconds: number) {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

async function balances(client: Client, accountId: string) {
  const account = (await client.get('/customers/internal-accounts?limit=100')).body.data.find((a: { id: string }) => a.id === accountId);
  return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
}

async function eventsOf(client: Client, id: string) {
  const { data } = (await client.get('/__admin/events?limit=100')).body;
  return data.filter((e: { data: { id?: string } }) => e.data.id === id).map((e: { type: string }) => e.type).reverse() as string[];
}

const merchant = (descriptor = 'ATM 000') => ({ descriptor, mcc: '6011', country: 'US' });
const simulate = (client: Client, cardId: string, what: string, body: unknown) => client.post(`/sandbox/cards/${cardId}/simulate/${what}`, body);
const money = (amount: number, descriptor?: string) => ({ amount, currency: { code: 'USD' }, merchant: merchant(descriptor) });

describe('simulate/balance_inquiry', () => {
  it('approves with an AUTHORIZED row of 0 that moves no money and cannot be cleared', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, 'balance_inquiry', { merchant: merchant('SHELL OIL 12345678') });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'CARD', direction: 'DEBIT', status: 'AUTHORIZED', networkMessage: 'BALANCE_INQUIRY', authorizedAmount: 0, cardId, accountId: usd, issuerTransactionToken: expect.stringMatching(/^itt_/) });
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED']);
    const clear = await simulate(client, cardId, 'clearing', { cardTransactionId: res.body.id, amount: 100 });
    expect([clear.status, clear.body.details.errors[0].field]).toEqual([400, 'cardTransactionId']);
    const advice = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: res.body.id, amount: 100 });
    expect([advice.status, advice.body.details.errors[0].field]).toEqual([400, 'cardTransactionId']);
  });

  it.each([
    ['002', { declineReason: 'INSUFFICIENT_FUNDS' }],
    ['003', { declineReason: 'CARD_PAUSED' }],
    ['005', { status: 'AUTHORIZED' }],
    ['006', { status: 'AUTHORIZED' }],
    ['000', { status: 'AUTHORIZED' }],
  ])('descriptor suffix %s: %j', async (suffix, expected) => {
    const { client, cardId } = await activeCard(0);
    const res = await simulate(client, cardId, 'balance_inquiry', { merchant: merchant(`FUEL ${suffix}`) });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject(expected);
  });

  it('a frozen card declines CARD_PAUSED; 404 for an unknown card; 400 naming merchant', async () => {
    const { client, cardId } = await activeCard();
    await client.patch(`/cards/${cardId}`, { status: 'FROZEN' });
    expect((await simulate(client, cardId, 'balance_inquiry', { merchant: merchant() })).body).toMatchObject({ declineReason: 'CARD_PAUSED' });
    expect((await simulate(client, 'Card:nope', 'balance_inquiry', { merchant: merchant() })).status).toBe(404);
    const bad = await simulate(client, cardId, 'balance_inquiry', {});
    expect([bad.status, bad.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['merchant']]);
  });
});

describe.each(['credit_authorization', 'credit_authorization_advice'])('simulate/%s', (what) => {
  const message = what.toUpperCase();

  it('is an AUTHORIZED CREDIT row whose amount is pending (totalBalance only) until a clearing posts it', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, what, money(2_500, 'REFUND SHOP 000'));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ direction: 'CREDIT', status: 'AUTHORIZED', networkMessage: message, authorizedAmount: 2_500 });
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 12_500 });
    const cleared = await simulate(client, cardId, 'clearing', { cardTransactionId: res.body.id, amount: 2_000 });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ status: 'SETTLED', settledAmount: 2_000, settlementSummary: { count: 1, totalAmount: 2_000 } });
    expect(await balances(client, usd)).toEqual({ available: 12_000, total: 12_000 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    // A second clearing adds to what was credited.
    await simulate(client, cardId, 'clearing', { cardTransactionId: res.body.id, amount: 500 });
    expect(await balances(client, usd)).toEqual({ available: 12_500, total: 12_500 });
  });

  it('a clearing of 0 lets it expire: nothing is credited', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, what, money(2_500));
    await simulate(client, cardId, 'clearing', { cardTransactionId: res.body.id, amount: 0 });
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
  });

  it.each([
    ['002', 'INSUFFICIENT_FUNDS'],
    ['003', 'CARD_PAUSED'],
  ])('declines with suffix %s (%s), creating no row', async (suffix, reason) => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, what, money(2_500, `SHOP ${suffix}`));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itt_/), declineReason: reason, message: expect.any(String) });
    expect((await client.get(`/transactions?type=CARD`)).body.data).toEqual([]);
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('needs no funds (money comes in); 400 for another currency and naming each bad field', async () => {
    const { client, cardId } = await activeCard(0);
    expect((await simulate(client, cardId, what, money(2_500))).body.status).toBe('AUTHORIZED');
    const eur = await simulate(client, cardId, what, { ...money(100), currency: { code: 'EUR' } });
    expect([eur.status, eur.body.code]).toEqual([400, 'INVALID_CURRENCY']);
    const bad = await simulate(client, cardId, what, { amount: 0, currency: {}, merchant: { descriptor: '' } });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'currency.code', 'merchant.descriptor']);
  });
});

describe('simulate/financial_authorization', () => {
  it('is SETTLED at once and pulls the amount', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, 'financial_authorization', money(4_000));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ direction: 'DEBIT', status: 'SETTLED', networkMessage: 'FINANCIAL_AUTHORIZATION', authorizedAmount: 4_000, settledAmount: 4_000, pullSummary: { count: 1, totalAmount: 4_000, pendingCount: 0 } });
    expect(await balances(client, usd)).toEqual({ available: 6_000, total: 6_000 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
    // Single-message: it was cleared already, but a merchant refund still applies.
    expect((await simulate(client, cardId, 'clearing', { cardTransactionId: res.body.id, amount: 1 })).status).toBe(400);
    expect((await simulate(client, cardId, 'return', { cardTransactionId: res.body.id, amount: 4_000 })).status).toBe(202);
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('the balance decides at its boundary: equal approves, one more declines INSUFFICIENT_FUNDS', async () => {
    const { client, cardId, usd } = await activeCard(3_000);
    const over = await simulate(client, cardId, 'financial_authorization', money(3_001));
    expect(over.body).toMatchObject({ declineReason: 'INSUFFICIENT_FUNDS' });
    expect((await simulate(client, cardId, 'financial_authorization', money(3_000))).body.status).toBe('SETTLED');
    expect(await balances(client, usd)).toEqual({ available: 0, total: 0 });
  });

  it('005: the pull is held and settles 30 s later (announced again)', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, 'financial_authorization', money(4_000, 'ATM 005'));
    expect(res.body).toMatchObject({ status: 'SETTLED', pullSummary: { pendingCount: 1 } });
    expect(await balances(client, usd)).toEqual({ available: 6_000, total: 10_000 });
    await advance(client, 29);
    expect(await balances(client, usd)).toEqual({ available: 6_000, total: 10_000 });
    await advance(client, 1);
    expect(await balances(client, usd)).toEqual({ available: 6_000, total: 6_000 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED']);
  });

  it('006: the pull later fails: EXCEPTION after 30 s, the money stays', async () => {
    const { client, cardId, usd } = await activeCard();
    const res = await simulate(client, cardId, 'financial_authorization', money(4_000, 'ATM 006'));
    await advance(client, 29);
    expect((await client.get(`/transactions/${res.body.id}`)).body.status).toBe('SETTLED');
    await advance(client, 1);
    expect((await client.get(`/transactions/${res.body.id}`)).body.status).toBe('EXCEPTION');
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.EXCEPTION']);
  });

  it.each([
    ['002', 'INSUFFICIENT_FUNDS'],
    ['003', 'CARD_PAUSED'],
  ])('declines with suffix %s', async (suffix, reason) => {
    const { client, cardId } = await activeCard();
    expect((await simulate(client, cardId, 'financial_authorization', money(100, `ATM ${suffix}`))).body.declineReason).toBe(reason);
  });
});

describe('simulate/financial_credit_authorization', () => {
  it('is a SETTLED CREDIT row credited at once', async () => {
    const { client, cardId, usd } = await activeCard(0);
    const res = await simulate(client, cardId, 'financial_credit_authorization', money(1_500));
    expect(res.body).toMatchObject({ direction: 'CREDIT', status: 'SETTLED', networkMessage: 'FINANCIAL_CREDIT_AUTHORIZATION', settledAmount: 1_500 });
    expect(await balances(client, usd)).toEqual({ available: 1_500, total: 1_500 });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
  });

  it('005: the credit arrives 30 s later; 006: it later fails (EXCEPTION), nothing arrives', async () => {
    const { client, cardId, usd } = await activeCard(0);
    const slow = await simulate(client, cardId, 'financial_credit_authorization', money(1_500, 'PUSH 005'));
    const failing = await simulate(client, cardId, 'financial_credit_authorization', money(700, 'PUSH 006'));
    expect(await balances(client, usd)).toEqual({ available: 0, total: 2_200 });
    await advance(client, 29);
    expect(await balances(client, usd)).toEqual({ available: 0, total: 2_200 });
    await advance(client, 1);
    expect(await balances(client, usd)).toEqual({ available: 1_500, total: 1_500 });
    expect((await client.get(`/transactions/${slow.body.id}`)).body.status).toBe('SETTLED');
    expect((await client.get(`/transactions/${failing.body.id}`)).body.status).toBe('EXCEPTION');
  });

  it('declines on a closed card', async () => {
    const { client, cardId } = await activeCard(0);
    await client.patch(`/cards/${cardId}`, { status: 'CLOSED' });
    expect((await simulate(client, cardId, 'financial_credit_authorization', money(100))).body.declineReason).toBe('CARD_PAUSED');
  });
});

describe('simulate/authorization_advice', () => {
  const authorize = async (client: Client, cardId: string, amount: number, descriptor = 'SHOP 000') => (await simulate(client, cardId, 'authorization', money(amount, descriptor))).body;

  it('re-sizes an open authorization up (pulls more) and down (releases), then clears against the new size', async () => {
    const { client, cardId, usd } = await activeCard();
    const auth = await authorize(client, cardId, 1_000);
    const up = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: auth.id, amount: 1_500 });
    expect(up.status).toBe(202);
    expect(up.body).toMatchObject({ id: auth.id, status: 'AUTHORIZED', authorizedAmount: 1_500, pullSummary: { count: 2, totalAmount: 1_500 } });
    expect(await balances(client, usd)).toEqual({ available: 8_500, total: 8_500 });
    const down = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: auth.id, amount: 400 });
    expect(down.body.authorizedAmount).toBe(400);
    expect(await balances(client, usd)).toEqual({ available: 9_600, total: 9_600 });
    const cleared = await simulate(client, cardId, 'clearing', { cardTransactionId: auth.id, amount: 400 });
    expect(cleared.body).toMatchObject({ status: 'SETTLED', settledAmount: 400 });
    expect(await balances(client, usd)).toEqual({ available: 9_600, total: 9_600 });
    expect(await eventsOf(client, auth.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
  });

  it('more than the balance covers: EXCEPTION (the network approved already), nothing more pulled', async () => {
    const { client, cardId, usd } = await activeCard(2_000);
    const auth = await authorize(client, cardId, 1_000);
    // 1,000 more is exactly what is left: covered.
    expect((await simulate(client, cardId, 'authorization_advice', { cardTransactionId: auth.id, amount: 2_000 })).body.status).toBe('AUTHORIZED');
    const over = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: auth.id, amount: 2_001 });
    expect(over.body).toMatchObject({ status: 'EXCEPTION', authorizedAmount: 2_001 });
    expect(await balances(client, usd)).toEqual({ available: 0, total: 0 });
  });

  it('400 naming cardTransactionId for a settled or still-pulling authorization; 404 TRANSACTION_NOT_FOUND; 400 naming bad fields', async () => {
    const { client, cardId } = await activeCard();
    const settled = await authorize(client, cardId, 100);
    await simulate(client, cardId, 'clearing', { cardTransactionId: settled.id, amount: 100 });
    const slow = await authorize(client, cardId, 100, 'SHOP 005');
    for (const id of [settled.id, slow.id]) {
      const res = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: id, amount: 50 });
      expect([res.status, res.body.details.errors[0].field]).toEqual([400, 'cardTransactionId']);
    }
    await advance(client, 30);
    expect((await simulate(client, cardId, 'authorization_advice', { cardTransactionId: slow.id, amount: 50 })).status).toBe(202);
    const missing = await simulate(client, cardId, 'authorization_advice', { cardTransactionId: 'Transaction:nope', amount: 50 });
    expect([missing.status, missing.body.code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
    const bad = await simulate(client, cardId, 'authorization_advice', { amount: 0 });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'cardTransactionId']);
  });
});

describe('simulate/return_reversal', () => {
  async function refunded(funds = 10_000) {
    const box = await activeCard(funds);
    const auth = (await simulate(box.client, box.cardId, 'authorization', money(1_000))).body;
    await simulate(box.client, box.cardId, 'clearing', { cardTransactionId: auth.id, amount: 1_000 });
    const refund = await simulate(box.client, box.cardId, 'return', { cardTransactionId: auth.id, amount: 1_000 });
    expect(refund.status).toBe(202);
    expect((await box.client.get(`/transactions/${auth.id}`)).body.status).toBe('REFUNDED');
    return { ...box, purchaseId: auth.id as string };
  }

  it('takes the refund back: a SETTLED DEBIT row pulls it, the purchase is SETTLED again with nothing refunded', async () => {
    const { client, cardId, usd, purchaseId } = await refunded();
    expect(await balances(client, usd)).toEqual({ available: 10_000, total: 10_000 });
    const res = await simulate(client, cardId, 'return_reversal', { cardTransactionId: purchaseId });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ direction: 'DEBIT', status: 'SETTLED', networkMessage: 'RETURN_REVERSAL', originalTransactionId: purchaseId, authorizedAmount: 1_000, settledAmount: 1_000 });
    expect(await balances(client, usd)).toEqual({ available: 9_000, total: 9_000 });
    expect((await client.get(`/transactions/${purchaseId}`)).body).toMatchObject({ status: 'SETTLED', refundedAmount: 0, refundSummary: { count: 1, totalAmount: 0 } });
    expect(await eventsOf(client, res.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
    expect((await eventsOf(client, purchaseId)).at(-1)).toBe('CARD_TRANSACTION.SETTLED');
    const again = await simulate(client, cardId, 'return_reversal', { cardTransactionId: purchaseId });
    expect([again.status, again.body.details.errors[0].field]).toEqual([400, 'cardTransactionId']);
  });

  it('EXCEPTION when the funding source no longer holds the refund', async () => {
    const { client, cardId, usd, purchaseId } = await refunded(1_000);
    // Spend the refund again.
    await simulate(client, cardId, 'financial_authorization', money(500));
    const res = await simulate(client, cardId, 'return_reversal', { cardTransactionId: purchaseId });
    expect(res.body).toMatchObject({ status: 'EXCEPTION', settledAmount: 0 });
    expect(await balances(client, usd)).toEqual({ available: 500, total: 500 });
  });

  it('400 for a purchase that is not REFUNDED (a partial refund leaves it SETTLED); 404 for an unknown one', async () => {
    const box = await activeCard();
    const auth = (await simulate(box.client, box.cardId, 'authorization', money(1_000))).body;
    await simulate(box.client, box.cardId, 'clearing', { cardTransactionId: auth.id, amount: 1_000 });
    await simulate(box.client, box.cardId, 'return', { cardTransactionId: auth.id, amount: 400 });
    const partial = await simulate(box.client, box.cardId, 'return_reversal', { cardTransactionId: auth.id });
    expect([partial.status, partial.body.details.errors[0].field]).toEqual([400, 'cardTransactionId']);
    expect((await simulate(box.client, box.cardId, 'return_reversal', { cardTransactionId: 'Transaction:nope' })).status).toBe(404);
    expect((await simulate(box.client, box.cardId, 'return_reversal', {})).body.details.errors[0].field).toBe('cardTransactionId');
  });
});

describe('the generated OpenAPI', () => {
  it('documents the seven simulators with the reference operationIds and 202', () => {
    const doc = makeSandbox().openApiDocument() as any;
    const expected: Record<string, string> = {
      balance_inquiry: 'sandboxSimulateCardBalanceInquiry',
      credit_authorization: 'sandboxSimulateCardCreditAuthorization',
      financial_authorization: 'sandboxSimulateCardFinancialAuthorization',
      financial_credit_authorization: 'sandboxSimulateCardFinancialCreditAuthorization',
      authorization_advice: 'sandboxSimulateCardAuthorizationAdvice',
      credit_authorization_advice: 'sandboxSimulateCardCreditAuthorizationAdvice',
      return_reversal: 'sandboxSimulateCardReturnReversal',
    };
    for (const [what, operationId] of Object.entries(expected)) {
      const operation = doc.paths[`/sandbox/cards/{id}/simulate/${what}`].post;
      expect(operation.operationId).toBe(operationId);
      expect(operation.tags).toEqual(['Sandbox']);
      expect(Object.keys(operation.responses)).toContain('202');
    }
  });
});
