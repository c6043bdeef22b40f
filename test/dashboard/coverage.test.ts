/**
 * The dashboard's Coverage page in Chromium: after a known flow (customers
 * created, one refused, a payout to an account ending 003), its tiles show
 * what was exercised and what was not, the outcomes never exercised list
 * their magic values, and an unemitted event type's Trigger button makes it
 * happen. Skipped without Chromium, as the other dashboard tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, sharedChromium } from './chromium.js';
import { createSandbox, type RunningSandbox, manualTime } from '../../src/index.js';
import { TEST_EPOCH_MS } from '../helpers.js';
import { signIn } from './sign-in.js';

const CLIENT = { id: 'coverage-ui', secret: 'ui-secret' };

let sandbox: RunningSandbox;
let browser: Browser;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${path.startsWith('/__admin') ? sandbox.origin : sandbox.url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'idempotency-key': `k-${path}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** The tile labelled `label` inside the group (list) named `group`. */
const tileOf = (page: Page, group: string, label: string) => page.getByRole('list', { name: group, exact: true }).getByRole('listitem').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

describe.skipIf(!chromiumAvailable)('dashboard Coverage page in Chromium', () => {
  beforeAll(async () => {
    sandbox = await createSandbox({ time: manualTime(TEST_EPOCH_MS), log: 'silent' });
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
  });

  it('shades exercised and unexercised tiles for a known flow, lists unexercised outcomes with their magic values, and triggers an unemitted event type', async () => {
    const customer = await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Jane Doe', email: 'jane@example.com', currencies: ['USD'] });
    expect(customer.status).toBe(201);
    expect((await api('POST', '/customers', { customerType: 'NOPE' })).status).toBe(400);
    const account = (await api('GET', `/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0].id;
    expect((await api('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 150000 })).status).toBe(200);
    const bank = await api('POST', '/customers/external-accounts', {
      customerId: customer.body.id,
      currency: 'USD',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456003', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
    });
    const quote = await api('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: account }, destination: { destinationType: 'ACCOUNT', accountId: bank.body.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10000 });
    expect((await api('POST', `/quotes/${quote.body.id}/execute`)).status).toBe(200);

    const page = await signIn(browser, sandbox.origin, CLIENT);
    await page.getByRole('link', { name: 'Coverage' }).click();
    await page.getByRole('heading', { name: 'Coverage', level: 1 }).waitFor();

    // Answered both with a 201 and a 400: the darkest shade; listed once only: lighter; never called: white.
    const created = tileOf(page, 'Customers', 'POST /customers');
    expect(await created.getAttribute('data-state')).toBe('exercised');
    expect(await created.getAttribute('class')).toBe('tile full');
    expect(await created.getAttribute('title')).toBe('2 calls: 201 ×1, 400 ×1; INVALID_INPUT ×1');
    expect(await tileOf(page, 'Cross-Currency Transfers', 'POST /quotes/{quoteId}/execute').getAttribute('class')).toBe('tile some');
    const unexercised = tileOf(page, 'Customers', 'DELETE /customers/{customerId}');
    expect(await unexercised.getAttribute('data-state')).toBe('unexercised');
    expect(await unexercised.getAttribute('class')).toBe('tile none');

    // The payout to ...003 decided by its row; ...005 never.
    const rows = 'Quote execution to an external account';
    expect(await tileOf(page, rows, '003').getAttribute('data-state')).toBe('exercised');
    expect(await tileOf(page, rows, '005').getAttribute('data-state')).toBe('unexercised');
    const never = page.getByRole('region', { name: 'Outcomes never exercised' });
    await never.getByRole('cell', { name: 'destination external account identifier ending in 005 (before any @domain)' }).waitFor();
    expect(await never.getByRole('cell', { name: 'destination external account identifier ending in 003 (before any @domain)' }).count()).toBe(0);

    // The payout's first event was emitted (no endpoint: never acknowledged), the card's never; its Trigger makes it happen.
    expect(await tileOf(page, 'OUTGOING_PAYMENT', 'OUTGOING_PAYMENT.PENDING').getAttribute('class')).toBe('tile some');
    expect(await tileOf(page, 'CARD', 'CARD.STATUS_CHANGE').getAttribute('data-state')).toBe('unexercised');
    await page.getByRole('button', { name: 'Trigger CARD.STATUS_CHANGE' }).click();
    await page.getByRole('status').filter({ hasText: 'Triggered CARD.STATUS_CHANGE' }).waitFor();
    await page.getByRole('list', { name: 'CARD', exact: true }).getByRole('listitem').filter({ hasText: /^CARD\.STATUS_CHANGE$/ }).and(page.locator('[data-state="exercised"]')).waitFor();
    expect(await page.getByRole('button', { name: 'Trigger CARD.STATUS_CHANGE' }).count()).toBe(0);
    // The dashboard's own calls are not the app's: the page's reads and the trigger's set-up counted no operation.
    const report = (await api('GET', '/__admin/coverage')).body;
    expect(report.operations.exercised).toBe(6);
    await page.close();
  }, 90_000);
});
