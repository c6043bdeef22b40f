import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';

describe('platform configuration', () => {
  it('starts with sandbox defaults', async () => {
    const res = await makeSandbox().client().get('/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^PlatformConfig:/),
      umaDomain: 'sandbox.uma.local',
      isRegulatedFinancialInstitution: false,
      skipVerificationPaperwork: false,
      singleTransactionMaximums: [],
    });
    expect(res.body.supportedCurrencies.map((c: any) => c.currencyCode)).toEqual(['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC']);
    // A billion units in minor units, capped at 10^14 (exact in a JSON number): cents for fiat, the cap for USDC (6 decimals) and BTC (8).
    const maxAmounts = [100_000_000_000, 100_000_000_000, 100_000_000_000, 100_000_000_000, 100_000_000_000, 100_000_000_000_000, 100_000_000_000_000];
    expect(res.body.supportedCurrencies).toEqual(
      ['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC'].map((currencyCode, i) => ({ currencyCode, minAmount: 1, maxAmount: maxAmounts[i], requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] })),
    );
  });

  it('changes only what is sent', async () => {
    const client = makeSandbox().client();
    const res = await client.patch('/config', { isRegulatedFinancialInstitution: true, webhookEndpoint: 'http://localhost:3000/hooks' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isRegulatedFinancialInstitution: true, skipVerificationPaperwork: false, webhookEndpoint: 'http://localhost:3000/hooks', umaDomain: 'sandbox.uma.local' });
    expect((await client.get('/config')).body).toEqual(res.body);
  });

  it('rejects invalid values with field errors and changes nothing', async () => {
    const client = makeSandbox().client();
    const before = (await client.get('/config')).body;
    const res = await client.patch('/config', {
      webhookEndpoint: 'ftp://example.com',
      skipVerificationPaperwork: 'yes',
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: -1, maxAmount: 10, requiredCounterpartyFields: [], enabledTransactionTypes: ['SIDEWAYS'] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      'skipVerificationPaperwork',
      'supportedCurrencies.0.enabledTransactionTypes.0',
      'supportedCurrencies.0.minAmount',
      'webhookEndpoint',
    ]);
    const unknown = await client.patch('/config', { supportedCurrencies: [{ currencyCode: 'ZZZ', minAmount: 5, maxAmount: 1, requiredCounterpartyFields: [], enabledTransactionTypes: [] }] });
    expect(unknown.body.details.errors.map((e: any) => e.field)).toEqual(['supportedCurrencies.0.currencyCode', 'supportedCurrencies.0.minAmount']);
    expect(unknown.body.details.errors[0].message).toBe('Not a currency the sandbox supports');
    expect((await client.get('/config')).body).toEqual(before);
  });

  it('keeps per-corridor single-transaction maximums, refusing unknown currencies and duplicate corridors', async () => {
    const client = makeSandbox().client();
    const limits = [
      { sourceCurrency: 'USD', destinationCurrency: 'MXN', maxAmount: 5_000_000 },
      { destinationCurrency: 'EUR', maxAmount: 100_000 },
    ];
    const ok = await client.patch('/config', { singleTransactionMaximums: limits });
    expect(ok.status).toBe(200);
    expect(ok.body.singleTransactionMaximums).toEqual(limits);
    const bad = await client.patch('/config', {
      singleTransactionMaximums: [
        { sourceCurrency: 'USD', destinationCurrency: 'XYZ', maxAmount: 1 },
        { destinationCurrency: 'EUR', maxAmount: 1 },
        { destinationCurrency: 'EUR', maxAmount: 2 },
        { destinationCurrency: 'GBP', maxAmount: 0 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field)).toEqual(['singleTransactionMaximums.3.maxAmount']);
    const semantic = await client.patch('/config', {
      singleTransactionMaximums: [
        { sourceCurrency: 'USD', destinationCurrency: 'XYZ', maxAmount: 1 },
        { destinationCurrency: 'EUR', maxAmount: 1 },
        { destinationCurrency: 'EUR', maxAmount: 2 },
      ],
    });
    expect(semantic.body.details.errors).toEqual([
      { field: 'singleTransactionMaximums.0.destinationCurrency', message: 'Not a currency the sandbox supports' },
      { field: 'singleTransactionMaximums.2', message: 'This corridor is listed twice' },
    ]);
    expect((await client.get('/config')).body.singleTransactionMaximums).toEqual(limits);
  });
});
