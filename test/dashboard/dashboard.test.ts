/**
 * The dashboard in a real browser: Debian's Chromium driven by
 * playwright-core against a listening sandbox. Screenshots of every main page
 * go to test-artifacts/dashboard/. Without Chromium the tests are skipped with
 * a notice, unless PAYSANDBOX_REQUIRE_BROWSER is set (as .ci/run does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, sharedChromium } from './chromium.js';
import { createSandbox, type RunningSandbox, manualTime } from '../../src/index.js';
import { TEST_EPOCH_MS } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';
import { signIn } from './sign-in.js';

if (!chromiumAvailable) console.warn(`dashboard browser tests skipped: no Chromium at ${CHROMIUM}`);

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'dashboard');
const CLIENT = { id: 'ui-test', secret: 'ui-secret' };

let sandbox: RunningSandbox;
let receiver: Receiver;
let browser: Browser;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

function signedIn(width = 1280): Promise<Page> {
  return signIn(browser, sandbox.origin, CLIENT, width);
}

/** Screenshots for a reviewer, on request (PAYSANDBOX_SCREENSHOTS=1): each costs a full-page render. */
async function shot(page: Page, name: string) {
  if (!process.env.PAYSANDBOX_SCREENSHOTS) return;
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe.skipIf(!chromiumAvailable)('dashboard in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = await startReceiver();
    // Sandbox time moves only when a test moves it: delayed outcomes and approval windows never run out under a slow browser.
    sandbox = await createSandbox({ webhookUrl: receiver.url, time: manualTime(TEST_EPOCH_MS) });
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });

  it('signs in, loads a scenario, advances the clock to watch a delayed payout fail, and replays a webhook', async () => {
    const page = await signedIn();
    await shot(page, 'customers-empty');

    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('button', { name: 'Load payouts' }).click();
    await page.getByRole('status').filter({ hasText: 'Loaded payouts' }).waitFor();
    await shot(page, 'scenarios');

    // A payout to the account ending 005: it stays pending, then fails 30 s of sandbox time later.
    const sender = (await api('GET', '/customers?platformCustomerId=payouts-sender')).data[0];
    const source = (await api('GET', `/customers/internal-accounts?customerId=${sender.id}&currency=USD`)).data[0];
    const destination = (await api('GET', `/customers/external-accounts?customerId=${sender.id}&limit=100`)).data.find((a: { accountInfo: { accountNumber: string } }) => a.accountInfo.accountNumber.endsWith('005'));
    const payout = await api('POST', '/transfer-out', { source: { accountId: source.id }, destination: { accountId: destination.id }, amount: 2_500 });
    expect(payout.status).toBe('PROCESSING');

    await page.getByRole('link', { name: 'Transactions' }).click();
    const row = page.getByRole('row').filter({ hasText: payout.id });
    await row.getByText('PROCESSING', { exact: true }).first().waitFor();

    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('cell', { name: 'payment.resolve' }).first().waitFor();
    await shot(page, 'clock');
    await page.getByRole('button', { name: '+ 30 s' }).click();
    await page.getByText(/Advanced 30 s to/).waitFor();

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('row').filter({ hasText: payout.id }).getByText('FAILED', { exact: true }).first().waitFor();
    await shot(page, 'transactions');

    await page.getByRole('link', { name: 'Webhooks' }).click();
    const replay = page.getByRole('button', { name: 'Replay' }).first();
    await replay.waitFor();
    const before = receiver.received.length;
    await replay.click();
    await page.getByRole('status').filter({ hasText: /^Replayed .*: SUCCEEDED$/ }).waitFor();
    expect(receiver.received.length).toBe(before + 1);
    // Every family is listed with its types, and a type's button makes it happen.
    const families = page.getByRole('region', { name: 'Event types' });
    await families.getByText('INTERNAL_ACCOUNT (3)').click();
    await families.locator('[data-trigger="INTERNAL_ACCOUNT.BALANCE_UPDATED"]').click();
    await page.getByRole('status').filter({ hasText: /^INTERNAL_ACCOUNT\.BALANCE_UPDATED: \d+ event\(s\)$/ }).waitFor();
    await shot(page, 'webhooks');
    await page.close();
  }, 60_000);

  it('shows a customer page, cards, the request journal and the magic values; escapes what it shows', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('button', { name: 'Load cards' }).click();
    await page.getByRole('status').filter({ hasText: 'Loaded cards' }).waitFor();
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: hostile });

    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByText(hostile, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.getByRole('link', { name: 'Casey Cardholder' }).click();
    await page.getByRole('heading', { name: 'Casey Cardholder' }).waitFor();
    await page.getByRole('heading', { name: 'Cards' }).waitFor();
    await page.getByRole('cell', { name: 'ACTIVE' }).first().waitFor();
    await shot(page, 'customer');

    await page.getByRole('link', { name: 'Cards', exact: true }).click();
    await page.getByRole('heading', { name: 'All cards' }).waitFor();
    await shot(page, 'cards');

    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByLabel('Method').selectOption('POST');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: /^POST \/2025-10-13\/customers$/ }).first().waitFor();
    await shot(page, 'requests');

    await page.getByRole('link', { name: 'Magic values' }).click();
    await page.getByRole('heading', { name: 'Card authorization decisions' }).waitFor();
    await page.getByRole('cell', { name: '$success.usd' }).waitFor();
    await shot(page, 'magic-values');
    await page.close();
  }, 60_000);

  it('shows agents and their pending approvals, and approves and rejects from there', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('button', { name: 'Load agents' }).click();
    await page.getByRole('status').filter({ hasText: 'Loaded agents' }).waitFor();
    const agent = (await api('GET', '/agents')).data[0];
    const seeded = (await api('GET', '/agents/approvals')).data[0];
    // A second action awaiting approval, to reject.
    const token = `agt_${Buffer.from(CLIENT.id).toString('base64url')}.sandbox-agent-token`;
    const account = (await api('GET', `/customers/internal-accounts?customerId=${agent.customerId}`)).data[0];
    const external = (await api('GET', `/customers/external-accounts?customerId=${agent.customerId}`)).data[0];
    const second = await (
      await fetch(`${sandbox.url}/agents/me/transfer-out`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: { accountId: account.id }, destination: { accountId: external.id }, amount: 15_000 }),
      })
    ).json();
    expect(second.status).toBe('PENDING_APPROVAL');

    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Awaiting approval' }).waitFor();
    await page.getByRole('cell', { name: 'Sandbox agent' }).waitFor();
    await page.getByRole('button', { name: `Approve ${seeded.id}` }).waitFor();
    await shot(page, 'agents');
    await page.getByRole('button', { name: `Approve ${seeded.id}` }).click();
    await page.getByRole('status').filter({ hasText: `TRANSFER_OUT ${seeded.id}: APPROVED` }).waitFor();
    await page.getByRole('button', { name: `Reject ${second.id}` }).click();
    await page.getByRole('status').filter({ hasText: `TRANSFER_OUT ${second.id}: REJECTED` }).waitFor();
    await page.getByText('Nothing awaits approval.').waitFor();
    const actions = (await api('GET', `/transactions?limit=100`)).data.filter((t: { agentId?: string }) => t.agentId === agent.id);
    expect(actions.map((t: { status: string }) => t.status).sort()).toEqual(['COMPLETED', 'FAILED']);
    await page.close();
  }, 60_000);

  it('says "wrong credentials" at once for a wrong secret, with no browser login prompt', async () => {
    const page = await browser.newPage();
    let prompted = false;
    page.on('dialog', (dialog) => {
      prompted = true;
      void dialog.dismiss();
    });
    await page.goto(`${sandbox.origin}/__admin`);
    await page.getByLabel('Client id').fill(CLIENT.id);
    await page.getByLabel('Client secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Within a second: a Basic challenge would leave the browser's fetch waiting on a prompt that never shows.
    await page.getByRole('alert').filter({ hasText: /^Sign-in failed: wrong credentials \(Wrong client secret for client id ui-test\)$/ }).waitFor({ timeout: 1_000 });
    expect(prompted).toBe(false);
    await page.close();
  }, 60_000);

  it('keeps its own polling out of the request journal', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const journal = await api('GET', '/customers?limit=1');
    expect(journal).toBeDefined();
    const entries = (await (await fetch(`${sandbox.origin}/__admin/requests?limit=500`, { headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}` } })).json()) as { data: Array<{ requestHeaders: Record<string, string> }> };
    expect(entries.data.length).toBeGreaterThan(0);
    expect(entries.data.filter((e) => e.requestHeaders['x-requested-with'] === 'paysandbox-dashboard')).toEqual([]);
    await page.close();
  }, 60_000);

  it('works with the keyboard and at phone width', async () => {
    const page = await signedIn(375);
    // Every form control has a label.
    const unlabeled = await page.evaluate(() => [...document.querySelectorAll('input, select')].filter((c) => !(c as HTMLInputElement).labels?.length).length);
    expect(unlabeled).toBe(0);
    // Keyboard: the skip link is the first tab stop of the page; the section links follow it and work with Enter.
    expect(await page.evaluate(() => document.querySelector('a, button, input, select')?.textContent)).toBe('Skip to content');
    await page.locator('.skip').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Customers');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Transactions');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'transactions-phone');
    await page.close();
  }, 60_000);

  it('shows contact verification, consent and SCA factors of a customer, and a bulk import job by its id', async () => {
    const eu = await api('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      fullName: 'Erika Europa',
      region: 'DE',
      email: 'erika@example.de',
      phoneNumber: '+4915100000123',
      endUserTermsConsent: { acceptedAt: '2025-01-02T03:04:05.000Z', ipAddress: '198.51.100.24', termsVersion: 'V1', acceptanceMethod: 'CHECKBOX' },
    });
    const authorization = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
    expect((await fetch(`${sandbox.url}/customers/${eu.id}/verify-phone`, { method: 'POST', headers: { authorization } })).status).toBe(204);
    await api('POST', `/customers/${eu.id}/verify-phone/confirm`, { code: '123456' });
    const form = new FormData();
    form.append('file', new File(['umaAddress,platformCustomerId,customerType\n$x@sandbox.uma.local,dash-x,INDIVIDUAL'], 'c.csv'));
    const accepted = (await (await fetch(`${sandbox.url}/customers/bulk/csv`, { method: 'POST', headers: { authorization }, body: form })).json()) as { jobId: string };
    await fetch(`${sandbox.origin}/__admin/clock/advance`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 1 }) });

    const page = await signedIn();
    await page.getByRole('link', { name: 'Erika Europa' }).click();
    await page.getByRole('heading', { name: 'Authentication' }).waitFor();
    await page.getByRole('row', { name: /phone verification\s+VERIFIED/ }).waitFor();
    await page.getByRole('row', { name: /email verification\s+PENDING/ }).waitFor();
    await page.getByRole('cell', { name: 'V1, CHECKBOX at 2025-01-02T03:04:05.000Z from 198.51.100.24' }).waitFor();
    await page.getByRole('cell', { name: 'SMS_OTP (+4915100000123)' }).waitFor();
    await shot(page, 'customer-authentication');

    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('Bulk import job id').fill(accepted.jobId);
    await page.getByRole('button', { name: 'Show job' }).click();
    await page.getByText(/1 of 1 rows processed: 0 created, 1 failed/).waitFor();
    await page.getByRole('cell', { name: 'dash-x' }).waitFor();
    await shot(page, 'bulk-import');
  });

  it('shows stablecoins, their provider links and their mints and burns, read-only', async () => {
    const headers = { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' };
    let n = 0;
    const post = async (url: string, body: unknown) => (await fetch(url, { method: 'POST', headers: { ...headers, 'idempotency-key': `ui-${++n}` }, body: JSON.stringify(body) })).json();
    const linked = await post(`${sandbox.url}/stablecoin-provider-accounts`, { provider: 'BRALE', apiClientId: 'ui-client', apiClientSecret: 'ui-secret-000' });
    const coin = await post(`${sandbox.url}/stablecoins`, { providerTokenIdentifier: 'UIC', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw000', network: 'SPARK', stablecoinProviderAccountId: linked.id });
    await post(`${sandbox.origin}/__admin/clock/advance`, { seconds: 300 });
    const spark = await post(`${sandbox.url}/platform/external-accounts`, { currency: 'USDB', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qqgqzqvzq2ps8pqys5zcvp58q7000' } });
    const minted = await post(`${sandbox.url}/stablecoins/${coin.id}/mints`, { amount: '12340000', fundingSource: { type: 'WIRE' }, destination: { accountId: spark.id } });
    expect(minted.status).toBe('PENDING_FUNDING');

    const page = await signedIn();
    await page.getByRole('link', { name: 'Stablecoins' }).click();
    await page.getByRole('heading', { name: 'Provider account links' }).waitFor();
    await page.getByRole('cell', { name: linked.id }).waitFor();
    await page.getByRole('link', { name: 'UIC Stablecoin' }).click();
    await page.getByRole('heading', { name: 'UIC Stablecoin (UIC)' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: minted.id });
    await row.getByText('PENDING_FUNDING', { exact: true }).waitFor();
    await row.getByText('12.340000 UIC').waitFor();
    expect(await page.getByRole('button').filter({ hasText: /approve|fund|delete/i }).count()).toBe(0);
    await shot(page, 'stablecoins');
    await page.close();
  }, 60_000);
  it('loads a fixture file with the Load button and lists what each step made', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Scenarios' }).click();
    const fixture = { fixtures: [{ name: 'dana', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Dana Fixture' } }, { advance: 60 }] };
    await page.setInputFiles('#fixture-file', { name: 'dana.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(fixture)) });
    await page.getByRole('button', { name: 'Load fixture' }).click();
    await page.getByRole('status').filter({ hasText: 'Loaded the fixture: 2 steps' }).waitFor();
    const dana = (await api('GET', '/customers?limit=100')).data.find((c: { fullName: string }) => c.fullName === 'Dana Fixture');
    await page.getByRole('cell', { name: dana.id }).waitFor();
    // A step that fails says so, with the step and the API's answer.
    await page.setInputFiles('#fixture-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ fixtures: [{ request: 'GET /nowhere' }] })) });
    await page.getByRole('button', { name: 'Load fixture' }).click();
    await page.getByRole('status').filter({ hasText: /400 FIXTURE_UNKNOWN_ROUTE: Step fixtures\[0\]/ }).waitFor();
    await page.close();
  }, 60_000);
});
