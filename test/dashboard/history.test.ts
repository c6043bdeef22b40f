/**
 * The history pages in Chromium: a payout that failed, whose first webhook was
 * refused with a 500 and retried, drawn as a timeline in the order things
 * happened on the sandbox clock; an account's balance as a step chart with one
 * step per posting, ending at the balance the API gives, in USD (2 decimals)
 * and USDC (6). The pages load with nothing in the console. With
 * PAYSANDBOX_SCREENSHOTS=1 the pages are saved (PAYSANDBOX_SCREENSHOTS_DIR, or
 * test-artifacts/dashboard/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { createSandbox, type RunningSandbox, manualTime } from '../../src/index.js';
import { TEST_EPOCH_MS, individual, until, usdAccount } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';
import { signIn } from './sign-in.js';
import { chromiumAvailable, sharedChromium } from './chromium.js';

const SHOTS = process.env.PAYSANDBOX_SCREENSHOTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'dashboard');
const CLIENT = { id: 'history-test', secret: 'history-secret' };
const AUTH = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

let sandbox: RunningSandbox;
let receiver: Receiver;
let browser: Browser;

async function api(method: string, path: string, body?: unknown) {
  const url = path.startsWith('/__admin') ? `${sandbox.origin}${path}` : `${sandbox.url}${path}`;
  const response = await fetch(url, { method, headers: { authorization: AUTH, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

const deliveredAll = (id: string, count: number) =>
  until(
    async () => ((await api('GET', '/__admin/webhooks?limit=100')).data as Array<{ resourceId: string; status: string; attempts: unknown[] }>).filter((d) => d.resourceId === id),
    (d) => d.length === count && d.every((x) => x.status === 'SUCCEEDED'),
  );

/** Everything the page logs or fails to load: a clean page has none. */
function watchConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => void (['error', 'warning'].includes(message.type()) && noise.push(`${message.type()}: ${message.text()}`)));
  page.on('pageerror', (error) => void noise.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => void noise.push(`failed: ${request.url()}`));
  page.on('response', (response) => void (response.status() >= 400 && noise.push(`${response.status()}: ${response.url()}`)));
  return noise;
}

async function shot(page: Page, name: string) {
  if (!process.env.PAYSANDBOX_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const stepNames = (page: Page) => page.getByRole('list', { name: 'Timeline steps' }).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));

describe.skipIf(!chromiumAvailable)('history pages in Chromium', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    let refused = 0;
    // The payout's first webhook is refused once with a 500; everything else is accepted.
    receiver.answer = (body) => (refused === 0 && body.includes('"type":"OUTGOING_PAYMENT.') ? (refused++, 500) : undefined);
    sandbox = await createSandbox({ webhookUrl: receiver.url, time: manualTime(TEST_EPOCH_MS) });
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });

  it('draws a failed payout whose webhook was refused and retried, step by step in time order, then its account\'s balance step chart', async () => {
    const customer = await api('POST', '/customers', individual({ fullName: 'Tina Timeline', currencies: ['USD', 'USDC'] }));
    const accounts = (await api('GET', `/customers/internal-accounts?customerId=${customer.id}`)).data as Array<{ id: string; balance: { currency: { code: string } } }>;
    const usd = accounts.find((a) => a.balance.currency.code === 'USD')!.id;
    const usdc = accounts.find((a) => a.balance.currency.code === 'USDC')!.id;
    await api('POST', `/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 });
    await api('POST', `/sandbox/internal-accounts/${usdc}/fund`, { amount: 98_765_432_101 });
    await api('POST', `/sandbox/internal-accounts/${usdc}/fund`, { amount: 5 });
    await api('POST', '/__admin/clock/advance', { seconds: 10 });
    // Suffix 005: pending about 30 s, then the transfer fails.
    const failing = await api('POST', '/customers/external-accounts', usdAccount(customer.id, '000000005'));
    const payout = await api('POST', '/transfer-out', { source: { accountId: usd }, destination: { accountId: failing.id }, amount: 2_500 });
    expect(payout.status).toBe('PROCESSING');
    await until(async () => (await api('GET', '/__admin/webhooks?limit=100')).data.find((d: { resourceId: string; attempts: unknown[] }) => d.resourceId === payout.id && d.attempts.length === 1), Boolean);

    const page = await signIn(browser, sandbox.origin, CLIENT);
    const noise = watchConsole(page);
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.getByRole('link', { name: payout.id }).click();
    await page.getByRole('heading', { name: 'Outgoing payment', level: 1 }).waitFor();
    // Before the clock moves: the refused delivery, and its retry still due after now.
    const refusedFirst = [
      '10:00:10 status PENDING',
      '10:00:10 status PROCESSING',
      '10:00:10 webhook OUTGOING_PAYMENT.PENDING',
      '10:00:10 webhook OUTGOING_PAYMENT.PROCESSING',
      '10:00:10 delivery of OUTGOING_PAYMENT.PENDING answered 500, retry due 10:01:10',
    ];
    await page.getByRole('listitem', { name: '10:01:10 retry 1 of OUTGOING_PAYMENT.PENDING due, after now' }).waitFor();
    expect(await stepNames(page)).toEqual([
      ...refusedFirst,
      '10:01:10 retry 1 of OUTGOING_PAYMENT.PENDING due, after now',
    ]);

    await api('POST', '/__admin/clock/advance', { seconds: 30 });
    await api('POST', '/__admin/clock/advance', { seconds: 30 });
    await deliveredAll(payout.id, 3);
    // The page refreshes itself: the failure, then the retry that was accepted and the deliveries queued behind it.
    await page.getByRole('listitem', { name: '10:01:10 delivery of OUTGOING_PAYMENT.FAILED answered 200' }).waitFor({ timeout: 10_000 });
    const settled = [
      ...refusedFirst,
      '10:00:40 status FAILED',
      '10:00:40 webhook OUTGOING_PAYMENT.FAILED',
      '10:01:10 retry 1 of OUTGOING_PAYMENT.PENDING answered 200',
      '10:01:10 delivery of OUTGOING_PAYMENT.PROCESSING answered 200',
      '10:01:10 delivery of OUTGOING_PAYMENT.FAILED answered 200',
    ];
    expect(await stepNames(page)).toEqual(settled);
    // Wide enough, one line a step.
    expect(await page.locator('svg.timeline-chart.compact').count()).toBe(0);
    // What each attempt row says on screen, besides its name.
    const shown = async (name: string) => page.getByRole('listitem', { name }).locator('text').allTextContents();
    expect(await shown('10:00:10 delivery of OUTGOING_PAYMENT.PENDING answered 500, retry due 10:01:10')).toEqual(['10:00:10', expect.stringMatching(/^sent → 500  OUTGOING_PAYMENT\.PENDING · \d+ ms · retry due 10:01:10$/)]);
    expect(await shown('10:01:10 retry 1 of OUTGOING_PAYMENT.PENDING answered 200')).toEqual(['10:01:10', '+30 s', expect.stringMatching(/^retry 1 → 200  OUTGOING_PAYMENT\.PENDING · \d+ ms$/)]);
    await page.getByRole('region', { name: 'Summary' }).getByText('FAILED', { exact: true }).waitFor();
    // One dashed arrow: from the refused attempt to its retry, which lies below it.
    const arrows = await page.locator('.retry-link').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')!.match(/-?[\d.]+/g)!.map(Number)));
    expect(arrows).toHaveLength(1);
    expect(arrows[0]!.at(-1)).toBeGreaterThan(arrows[0]![1]!);
    await shot(page, 'transaction-timeline');

    // A second payout that completes, so the account has settled, held and voided postings.
    await api('POST', '/__admin/clock/advance', { seconds: 20 });
    const fine = await api('POST', '/customers/external-accounts', usdAccount(customer.id, '000000001'));
    await api('POST', '/transfer-out', { source: { accountId: usd }, destination: { accountId: fine.id }, amount: 1_000 });
    await api('POST', '/__admin/clock/advance', { seconds: 30 });

    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('link', { name: 'Tina Timeline' }).click();
    await page.getByRole('link', { name: usd }).click();
    await page.getByRole('heading', { name: 'INTERNAL_FIAT account in USD', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Postings on the chart' }).waitFor();
    const ledger = await api('GET', `/__admin/internal-accounts/${usd}/ledger`);
    const listed = (await api('GET', `/customers/internal-accounts?customerId=${customer.id}`)).data.find((a: { id: string }) => a.id === usd);
    const marks = await page.getByRole('list', { name: 'Postings on the chart' }).getByRole('listitem').evaluateAll((items) => items.map((i) => Number(i.getAttribute('data-balance-after'))));
    // One step per posting: fund, hold, hold and settle of the second payout, and the failed one's hold voided.
    expect(ledger.postings.map((p: { change: string }) => p.change)).toEqual(['POSTED', 'HELD', 'VOIDED', 'HELD', 'SETTLED']);
    expect(marks).toEqual(ledger.postings.map((p: { balanceAfter: number }) => p.balanceAfter));
    // The line itself: from zero at the account's opening, one rise or fall (V) per posting, each to the balance after it.
    const line = (await page.locator('path.balance-line').getAttribute('d'))!;
    expect(line.match(/ V/g)).toHaveLength(ledger.postings.length);
    expect(marks.at(-1)).toBe(listed.balance.amount);
    expect(listed.balance.amount).toBe(9_000);
    expect(await page.locator('[data-balance="available"]').textContent()).toBe('90.00 USD');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(2).getByRole('cell').allTextContents()).resolves.toEqual(['2026-03-02 10:00:10', 'HELD', '−25.00 USD', 'PAYMENT', '75.00 USD', '100.00 USD', payout.id]);
    await rows.nth(2).getByRole('link', { name: payout.id }).waitFor();
    await shot(page, 'account-balance');

    // A 6-decimal currency, exactly, thousands grouped, a fraction of a unit padded.
    await page.goto(`${sandbox.origin}/__admin#/accounts/${encodeURIComponent(usdc)}`);
    await page.getByRole('heading', { name: 'INTERNAL_CRYPTO account in USDC', level: 1 }).waitFor();
    expect(await page.locator('[data-balance="available"]').textContent()).toBe('98,765.432106 USDC');
    await page.getByRole('cell', { name: '+98,765.432101 USDC' }).waitFor();
    await page.getByRole('cell', { name: '+0.000005 USDC' }).waitFor();
    await shot(page, 'account-usdc');
    // At phone width the timeline is drawn compact, to the width of the screen: nothing scrolls sideways, neither
    // the page nor the chart in its box, and the steps are the same, in the same order.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${sandbox.origin}/__admin#/transactions/${encodeURIComponent(payout.id)}`);
    await page.locator('svg.timeline-chart.compact').waitFor();
    await shot(page, 'transaction-timeline-phone');
    expect(await stepNames(page)).toEqual(settled);
    const fit = await page.evaluate(() => {
      const chart = document.querySelector('svg.timeline-chart')!;
      const box = chart.parentElement!;
      const words = [...chart.querySelectorAll('text')].map((t) => ({ text: t.textContent, right: t.getBoundingClientRect().right }));
      const right = chart.getBoundingClientRect().right;
      return { page: document.scrollingElement!.scrollWidth, screen: window.innerWidth, chart: chart.getBoundingClientRect().width, box: box.clientWidth, boxScroll: box.scrollWidth, cutOff: words.filter((w) => w.right > right) };
    });
    expect(fit.page).toBeLessThanOrEqual(fit.screen);
    expect(fit.chart).toBeLessThanOrEqual(fit.box);
    expect(fit.boxScroll).toBeLessThanOrEqual(fit.box);
    // Every word is drawn inside the chart, none cut off at its right edge.
    expect(fit.cutOff).toEqual([]);
    // The refused attempt's arrow still points down to its retry.
    const phoneArrows = await page.locator('.retry-link').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')!.match(/-?[\d.]+/g)!.map(Number)));
    expect(phoneArrows).toHaveLength(1);
    expect(phoneArrows[0]!.at(-1)).toBeGreaterThan(phoneArrows[0]![1]!);
    expect(noise).toEqual([]);
    await page.close();
  }, 90_000);
});
