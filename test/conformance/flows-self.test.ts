/**
 * The conformance flows against our own served documents (every response
 * is checked by the shared client), and proof that between them they call
 * every operation of the API.
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { agentsFlow, cardsFlow, customersFlow, moneyFlow, ownershipFlow, platformFlow, scaFlow, stablecoinsFlow, walletFlow, type FlowCall } from './flows.js';
import { OpenApiResponseValidator } from '../support/openapi-validator.js';

describe('conformance flows', () => {
  it('touch every operation of the API document, each answer conforming to it', async () => {
    const sandbox = makeSandbox();
    const validator = new OpenApiResponseValidator(sandbox.openApiDocument(), '/2025-10-13');
    const touched = new Set<string>();
    const flows = [customersFlow, moneyFlow, ownershipFlow, walletFlow, cardsFlow, platformFlow, scaFlow, stablecoinsFlow, agentsFlow];
    for (const [i, flow] of flows.entries()) {
      const client = sandbox.client(`flows-${i}`);
      const call: FlowCall = async (method, path, body, headers) => {
        const reply = await client.call(method, path, body, headers);
        const found = validator.find(method, `/2025-10-13${path.split('?')[0]}`);
        if (found) touched.add(String(found.operation.operationId));
        return reply;
      };
      await flow(call, async () => Date.parse((await client.get('/__admin/clock')).body.now));
    }
    const all = validator.operations().map((o) => o.operationId);
    expect(all.filter((id) => !touched.has(id))).toEqual([]);
  }, 60_000);
});
