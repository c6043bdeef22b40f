/**
 * Integration coverage reports: every operation of the API, every row of
 * every rule table and every webhook event type, each with what the
 * tenant's requests did with it (zeros included, so the gaps show). The
 * lists come from the API document, the rule tables and the webhook
 * definitions: a new operation, row or event type appears without an edit.
 */
import type { z } from '@hono/zod-openapi';
import { RULES, type SuffixTable } from '../rules/index.js';
import { DEFAULT_ROW, type CoverageData, type EventCount, type OperationCount } from '../store/coverage.js';
import type { Tenant } from '../store/tenant.js';
import { webhookDefinitions } from '../areas/index.js';
import { isTriggerType } from './trigger-types.js';
import type { CoverageReport } from './coverage.schemas.js';

export type CoverageReportBody = z.infer<typeof CoverageReport>;

/** The operations of the API document, in its order. */
export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  area: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The operations of an OpenAPI document: what coverage lists. */
export function operationsOfDocument(document: Record<string, unknown>): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, { operationId?: string; tags?: string[] }>>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      entries.push({ operationId: operation.operationId ?? `${method} ${path}`, method: method.toUpperCase(), path, area: operation.tags?.[0] ?? 'Other' });
    }
  }
  return entries;
}

/** The key an operation's calls are counted under. */
export function operationKey(method: string, path: string): string {
  return `${method} ${path}`;
}

/** How a developer produces a row's outcome, in words. */
function magicOf(table: SuffixTable<unknown>, key: string | null): string {
  if (key === null) return `${table.subject}: any other value`;
  switch (table.match) {
    case 'last3':
      return `${table.subject} ending in ${key}`;
    case 'identifierLast3':
      return `${table.subject} ending in ${key} (before any @domain)`;
    case 'umaUser':
      return `${table.subject} ${key}@<any domain>`;
    case 'exact':
      return `${table.subject} = ${key}`;
    case 'atLeast':
      return `${table.subject} of ${key} or more`;
  }
}

function sumInto(target: Record<string, number>, source: Record<string, number>): void {
  for (const [key, n] of Object.entries(source)) target[key] = (target[key] ?? 0) + n;
}

/** The counters of several tenants added up (one tenant's, as they are). */
function merged(datas: readonly Readonly<CoverageData>[]): CoverageData {
  const total: CoverageData = { since: '', operations: {}, rules: {}, events: {} };
  for (const data of datas) {
    if (total.since === '' || data.since < total.since) total.since = data.since;
    for (const [key, counts] of Object.entries(data.operations)) {
      const into = (total.operations[key] ??= { calls: 0, statuses: {}, errorCodes: {} });
      into.calls += counts.calls;
      sumInto(into.statuses, counts.statuses);
      sumInto(into.errorCodes, counts.errorCodes);
    }
    for (const [table, rows] of Object.entries(data.rules)) sumInto((total.rules[table] ??= {}), rows);
    for (const [type, counts] of Object.entries(data.events)) {
      const into = (total.events[type] ??= { emitted: 0, delivered: 0, acknowledged: 0 });
      into.emitted += counts.emitted;
      into.delivered += counts.delivered;
      into.acknowledged += counts.acknowledged;
    }
  }
  return total;
}

/** Every event type the sandbox can send, once each, in the order of the definitions. */
export function eventTypes(): string[] {
  return [...new Set(webhookDefinitions().flatMap((d) => d.types as readonly string[]))];
}

/** The report of one tenant's counters, or of several added up (`since`: the earliest). */
export function coverageReport(operations: readonly OperationEntry[], tenants: readonly Tenant[], nowIso: string): CoverageReportBody {
  const data = merged(tenants.map((t) => t.coverage.snapshot));
  const opItems = operations.map((op) => {
    const counts: OperationCount | undefined = data.operations[operationKey(op.method, op.path)];
    return { ...op, calls: counts?.calls ?? 0, statuses: { ...counts?.statuses }, errorCodes: { ...counts?.errorCodes } };
  });
  const outcomeItems = Object.entries(RULES).flatMap(([name, table]) =>
    (table as SuffixTable<unknown>).rows.map((row) => ({
      table: name,
      title: table.title,
      key: row.key,
      magic: magicOf(table as SuffixTable<unknown>, row.key),
      description: row.description,
      hits: data.rules[name]?.[row.key ?? DEFAULT_ROW] ?? 0,
    })),
  );
  const webhookItems = eventTypes().map((type) => {
    const counts: EventCount = data.events[type] ?? { emitted: 0, delivered: 0, acknowledged: 0 };
    return { type, area: type.split('.')[0]!, trigger: isTriggerType(type), emitted: counts.emitted, delivered: counts.delivered, acknowledged: counts.acknowledged };
  });
  const count = <T>(items: T[], used: (item: T) => boolean) => items.filter(used).length;
  return {
    since: data.since || nowIso,
    operations: { total: opItems.length, exercised: count(opItems, (i) => i.calls > 0), items: opItems },
    outcomes: { total: outcomeItems.length, exercised: count(outcomeItems, (i) => i.hits > 0), items: outcomeItems },
    webhooks: {
      total: webhookItems.length,
      exercised: count(webhookItems, (i) => i.emitted > 0),
      emitted: count(webhookItems, (i) => i.emitted > 0),
      delivered: count(webhookItems, (i) => i.delivered > 0),
      acknowledged: count(webhookItems, (i) => i.acknowledged > 0),
      items: webhookItems,
    },
  };
}

/** DELETE /__admin/coverage: the tenant's counters start over. */
export function clearCoverage(tenant: Tenant) {
  tenant.coverage.clear();
  return { cleared: true as const, since: tenant.coverage.snapshot.since };
}
