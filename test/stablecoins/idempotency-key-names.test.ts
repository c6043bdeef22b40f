/**
 * An Idempotency-Key is the client's own text, kept as the id of a record:
 * any text must be stored as itself, `__proto__` and other names of
 * Object.prototype included (found by the robustness run, which answered 500).
 */
import { describe, expect, it } from 'vitest';
import { stablecoinSandbox } from './helpers.js';

describe('Idempotency-Key values that name members of Object.prototype', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%s: a stored key, replayed as itself, that survives the clock moving on', async (k) => {
    const box = stablecoinSandbox();
    const first = await box.link({}, k);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const replay = await box.link({}, k);
    expect(replay.status).toBe(first.status);
    expect(replay.body.id).toBe(first.body.id);
    await box.advance(60);
    expect((await box.client.get(`/stablecoin-provider-accounts/${first.body.id}`)).status).toBe(200);
    expect((await box.client.get('/stablecoin-provider-accounts')).body.data.map((a: { id: string }) => a.id)).toEqual([first.body.id]);
  });
});
