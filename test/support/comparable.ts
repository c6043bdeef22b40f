/** Two tenants' resources, made comparable: what differs between any two tenants (ids, instants, minted numbers) taken out. */
const ID = /^[A-Z][A-Za-z]*:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * What the sandbox mints at random for each new resource, as it does ids:
 * references and numbers of the funding instructions, a card's number (and the network it falls in) and
 * references, the default platformCustomerId and UMA address.
 */
const MINTED = new Set(['fundingPaymentInstructions', 'brand', 'issuerRef', 'processorRef', 'last4', 'platformCardId', 'platformCustomerId', 'umaAddress']);

/**
 * A tenant's resources with what legitimately differs between two tenants
 * taken out: each id becomes its kind and its order of first appearance,
 * each instant a placeholder, what the sandbox mints at random a mark.
 */
export function comparable(snapshot: Record<string, unknown>): unknown {
  const ids = new Map<string, string>();
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && MINTED.has(key)) return '<minted>';
    if (typeof value === 'string') {
      if (ID.test(value)) {
        if (!ids.has(value)) ids.set(value, `${value.slice(0, value.indexOf(':'))}#${ids.size + 1}`);
        return ids.get(value);
      }
      return INSTANT.test(value) ? '<instant>' : value;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [walk(k) as string, walk(v, k)]));
    return value;
  };
  const { exportedAt: _at, clock: _clock, ...rest } = snapshot;
  return walk(rest);
}
