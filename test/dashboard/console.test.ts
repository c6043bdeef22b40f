/**
 * The dashboard loads clean in Chromium: no console message of level error or
 * warning, no failed request and no answer of 400 or more (a missing favicon
 * was one), from the sign-in page through every section; and the Clock page
 * lists the addresses the sandbox can be reached at. The API docs (/docs) load
 * as clean, with the same inline icon, every asset from the sandbox itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, sharedChromium } from './chromium.js';
import { createSandbox, manualTime, type RunningSandbox } from '../../src/index.js';
import { TEST_EPOCH_MS } from '../helpers.js';

if (!chromiumAvailable) console.warn(`dashboard console test skipped: no Chromium at ${CHROMIUM}`);

let sandbox: RunningSandbox;
let browser: Browser;

/** What a clean page has none of: console errors and warnings, page errors, failed requests (but those `expected`) and answers of 400 or more. */
function watch(page: Page, expected: (request: Request) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (!expected(r)) problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}

describe.skipIf(!chromiumAvailable)('the dashboard\'s console', () => {
  beforeAll(async () => {
    sandbox = await createSandbox({ time: manualTime(TEST_EPOCH_MS) });
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
  });

  it('stays empty from the sign-in page through every section, and the Clock page lists the addresses', async () => {
    const page = await browser.newPage();
    // Listening before the first navigation: the favicon request follows the first page load.
    // Leaving the Webhooks page closes its live event stream on purpose.
    const problems = watch(page, (r) => r.url().endsWith('/__admin/events') && r.failure()?.errorText === 'net::ERR_ABORTED');
    await page.goto(`${sandbox.origin}/__admin`);
    await page.getByLabel('Client id').fill('console-test');
    await page.getByLabel('Client secret').fill('secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    // The icon is inline: the page asks for no /favicon.ico.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    for (const section of ['Transactions', 'Cards', 'Agents', 'Tokens & invitations', 'Stablecoins', 'Webhooks', 'Requests', 'Scenarios', 'Magic values', 'Coverage', 'Customers', 'Clock']) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
      await page.getByRole('heading', { name: section, level: 1 }).waitFor();
    }
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await addresses.getByText(sandbox.origin, { exact: true }).waitFor();
    await addresses.getByRole('cell', { name: 'this machine', exact: true }).waitFor();
    expect(await addresses.getByRole('row').count()).toBe(2);
    expect(await addresses.textContent()).toContain('start it with --host 0.0.0.0');
    // Whatever is still loading settles before the verdict.
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('stays empty on the API docs, both documents, with their inline icon, and never asks another host for anything', async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    for (const [query, title] of [['', 'paysandbox API'], ['?doc=control', 'paysandbox control plane']] as const) {
      await page.goto(`${sandbox.origin}/docs${query}`);
      await page.getByRole('heading', { name: title }).first().waitFor();
      // The operations are drawn: everything the page asks for has been asked.
      await page.locator('.opblock-tag').first().waitFor();
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
      await page.waitForLoadState('networkidle');
      // Still read as 3.1 though resolved by the 3.0 resolver (src/docs/swagger-ui.ts): the webhooks are drawn, and an
      // error answer's schema lists `code` first (merged by that resolver; ApiDOM's resolution leaves it last).
      if (query === '') {
        expect(await page.evaluate(() => (window as unknown as { ui: { specSelectors: { isOAS31(): boolean } } }).ui.specSelectors.isOAS31())).toBe(true);
        await page.locator('.webhooks h2', { hasText: 'Webhooks' }).waitFor();
        await page.locator('.opblock-tag', { hasText: 'Configuration' }).first().click();
        await page.locator('.opblock-patch .opblock-summary-control').first().click();
        const invalidInput = page.locator('.responses-table tr.response[data-code="400"]').first();
        await invalidInput.getByRole('tab', { name: 'Schema' }).click();
        expect(await invalidInput.locator('.json-schema-2020-12__title').first().innerText()).toBe('InvalidInputError');
        expect(await invalidInput.locator('.json-schema-2020-12-property').first().innerText()).toMatch(/^code/);
      }
    }
    // Everything came from the sandbox (offline docs); the documents were read, and no icon was asked for.
    expect(requested.filter((url) => !url.startsWith(sandbox.origin))).toEqual([]);
    const paths = requested.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/openapi.json', '/__admin/openapi.json']));
    expect(paths.filter((path) => path.includes('favicon'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
