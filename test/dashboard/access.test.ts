/**
 * The dashboard's read-only views of API tokens, invitations, delegated keys
 * and payment approvals, in Chromium (skipped without it, like the other
 * browser tests). Stored values are shown as text, never as markup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, sharedChromium } from './chromium.js';
import { createSandbox, manualTime, type RunningSandbox } from '../../src/index.js';
import { TEST_EPOCH_MS } from '../helpers.js';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'dashboard');
const CLIENT = { id: 'ui-access', secret: 'ui-secret' };

let sandbox: RunningSandbox;
let browser: Browser;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

describe.skipIf(!chromiumAvailable)('dashboard: tokens, invitations, delegated keys, approvals', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // A payment awaits its approval for 5 s of sandbox time: a stopped clock keeps it waiting however slow the browser is.
    sandbox = await createSandbox({ scenario: 'cards', time: manualTime(TEST_EPOCH_MS) });
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
  });

  it('lists tokens without secrets and invitations with their status, escaped; shows a card’s delegated keys and a payment’s approval', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const token = await api('POST', '/tokens', { name: hostile, permissions: ['VIEW', 'TRANSACT'] });
    const holder = (await api('GET', '/customers?platformCustomerId=cards-holder')).data[0];
    const invitation = await api('POST', '/invitations', { inviterUma: holder.umaAddress, firstName: 'Bob' });
    const payment = await api('POST', '/sandbox/uma/receive', { senderUmaAddress: '$pending.approval@elsewhere.example', receiverUmaAddress: holder.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 500 });
    expect(payment.approval.status).toBe('AWAITING_DECISION');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${sandbox.origin}/__admin`);
    await page.getByLabel('Client id').fill(CLIENT.id);
    await page.getByLabel('Client secret').fill(CLIENT.secret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Tokens & invitations' }).click();
    await page.getByRole('heading', { name: 'Tokens & invitations', level: 1 }).waitFor();
    await page.getByRole('cell', { name: hostile, exact: true }).waitFor();
    await page.getByRole('cell', { name: 'VIEW, TRANSACT' }).waitFor();
    await page.getByRole('cell', { name: token.clientId }).waitFor();
    await page.getByRole('cell', { name: invitation.code }).waitFor();
    await page.getByRole('cell', { name: 'PENDING' }).first().waitFor();
    expect(await page.content()).not.toContain(token.clientSecret);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    if (process.env.PAYSANDBOX_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, 'access.png'), fullPage: true });

    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.getByText('AWAITING_DECISION').first().waitFor();

    const card = (await api('GET', `/cards?customerId=${holder.id}`)).data[0];
    await page.goto(`${sandbox.origin}/__admin#/cards/${encodeURIComponent(card.id)}`);
    await page.getByRole('heading', { name: 'Delegated keys' }).waitFor();
    await page.getByText('No delegated key').waitFor();
    await page.close();
  }, 60_000);
});
