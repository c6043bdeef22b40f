/** Test doubles shared by the store's tests: a logger that keeps every entry, and the audit error a commit throws. */
import type { Logger } from '../../src/core/log.js';
import { StoreAuditError } from '../../src/store/tenant.js';

export type LogEntry = [level: string, message: string, fields: Record<string, unknown> | undefined];

export function recordingLog(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (message, fields) => void entries.push(['info', message, fields]),
    warn: (message, fields) => void entries.push(['warn', message, fields]),
    error: (message, fields) => void entries.push(['error', message, fields]),
  };
}

/** The StoreAuditError the commit throws; fails when it passes the audit. */
export function auditError(commit: () => unknown): StoreAuditError {
  try {
    commit();
  } catch (err) {
    if (err instanceof StoreAuditError) return err;
    throw err;
  }
  throw new Error('the commit passed the audit');
}
