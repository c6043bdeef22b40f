/** `paysandbox coverage` against a running sandbox: the text report, --json, --html, and --fail-under's exit code both ways. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPerTest, json, run, start } from './command.js';

const { dir } = commandPerTest();

async function exercised(url: string) {
  // Three operations (one answered with an error too) and a rule row: on a regulated platform a customer's fullName decides its KYC at creation.
  expect((await fetch(`${url}/config`, { method: 'PATCH', headers: json, body: JSON.stringify({ isRegulatedFinancialInstitution: true }) })).status).toBe(200);
  expect((await fetch(`${url}/customers`, { method: 'POST', headers: json, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }) })).status).toBe(201);
  expect((await fetch(`${url}/customers`, { method: 'POST', headers: json, body: JSON.stringify({ customerType: 'NOPE' }) })).status).toBe(400);
  expect((await fetch(`${url}/customers`, { headers: json })).status).toBe(200);
}

describe('paysandbox coverage', () => {
  it('prints the report by area, as JSON, and as a self-contained HTML page', async () => {
    const { url } = await start(['--memory']);
    const origin = new URL(url).origin;
    await exercised(url);
    const credentials = ['--sandbox', origin, '--client-id', 'cli-test', '--client-secret', 'secret'];
    const text = await run(['coverage', ...credentials]);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('');
    const adminReport = (await (await fetch(`${origin}/__admin/coverage`, { headers: json })).json()) as { operations: { total: number } };
    const total = adminReport.operations.total;
    expect(text.stdout).toMatch(/^Integration coverage since \d{4}-\d\d-\d\dT/);
    expect(text.stdout).toContain(`\nOperations  3/${total} (${((3 / total) * 100).toFixed(1)}%)\n`);
    expect(text.stdout).toMatch(/\n {2}Customers {2}2\/\d+ \(/);
    expect(text.stdout).toContain('\n    [x] POST /customers  2 calls: 201 x1, 400 x1; INVALID_INPUT x1\n');
    expect(text.stdout).toContain('\n    [ ] GET /customers/{customerId}\n');
    expect(text.stdout).toContain('\n    [ ] OUTGOING_PAYMENT.FAILED  (paysandbox trigger OUTGOING_PAYMENT.FAILED)\n');

    const asJson = await run(['coverage', '--json', '--sandbox', origin], { PAYSANDBOX_CLIENT_ID: 'cli-test', PAYSANDBOX_CLIENT_SECRET: 'secret' });
    expect(asJson.code).toBe(0);
    const report = JSON.parse(asJson.stdout);
    expect(report.operations).toMatchObject({ total, exercised: 3 });
    expect(report.outcomes.items.find((i: { table: string; key: string | null }) => i.table === 'individualKyc' && i.key === null)).toMatchObject({ hits: 1 });
    expect(report.operations.items.find((i: { operationId: string }) => i.operationId === 'createCustomer')).toMatchObject({ calls: 2, statuses: { 201: 1, 400: 1 }, errorCodes: { INVALID_INPUT: 1 } });

    const page = join(dir(), 'coverage.html');
    expect((await run(['coverage', '--html', page, ...credentials])).code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=/);
    expect(html).toContain('<li class="tile full" title="createCustomer: 2 calls');
    expect(html).toContain('<li class="tile some" title="listCustomers: 1 calls');
    expect(html).toContain('<li class="tile none" title="getCustomerById: 0 calls');
  }, 60_000);

  it('--fail-under exits 1 naming each area below its percentage, and 0 when every area reaches it', async () => {
    const { url } = await start(['--memory']);
    const origin = new URL(url).origin;
    await exercised(url);
    const credentials = ['--sandbox', origin, '--client-id', 'cli-test', '--client-secret', 'secret'];
    const report = (await (await fetch(`${origin}/__admin/coverage`, { headers: json })).json()) as Record<'operations' | 'outcomes' | 'webhooks', { total: number; exercised: number }>;
    const operations = (report.operations.exercised / report.operations.total) * 100;
    const outcomes = (report.outcomes.exercised / report.outcomes.total) * 100;
    const webhooks = (report.webhooks.exercised / report.webhooks.total) * 100;
    expect(report.outcomes.exercised).toBeGreaterThan(0);
    expect(report.webhooks.exercised).toBeGreaterThan(0);

    const failing = await run(['coverage', '--fail-under', `operations=${Math.ceil(operations + 1)},outcomes=0.5,webhooks=${Math.ceil(webhooks + 1)}`, ...credentials]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toBe(`paysandbox: operations coverage ${Math.floor(operations * 10) / 10}% is below ${Math.ceil(operations + 1)}%\npaysandbox: webhooks coverage ${Math.floor(webhooks * 10) / 10}% is below ${Math.ceil(webhooks + 1)}%\n`);
    expect(failing.stdout).toMatch(/^Integration coverage since/);

    const passing = await run(['coverage', '--fail-under', `operations=${Math.floor(operations)},outcomes=${Math.floor(outcomes * 10) / 10},webhooks=${Math.floor(webhooks)}`, ...credentials]);
    expect(passing.code).toBe(0);
    expect(passing.stderr).toBe('');
    // At the boundary: exactly the share exercised passes.
    expect((await run(['coverage', '--fail-under', `operations=${operations}`, ...credentials])).code).toBe(0);

    const bad = await run(['coverage', '--fail-under', 'lines=80', ...credentials]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-under takes area=percent pairs');
    expect(existsSync(join(dir(), 'coverage.html'))).toBe(false);
  }, 60_000);
});
