/** The 27 agent operations in the generated OpenAPI document: the reference's paths, methods, operationIds, tags and security. */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';

const MANAGEMENT = [
  ['post', '/agents', 'createAgent', '201'],
  ['get', '/agents', 'listAgents', '200'],
  ['get', '/agents/approvals', 'listAgentApprovals', '200'],
  ['get', '/agents/{agentId}', 'getAgentById', '200'],
  ['patch', '/agents/{agentId}', 'updateAgent', '200'],
  ['delete', '/agents/{agentId}', 'deleteAgent', '204'],
  ['patch', '/agents/{agentId}/policy', 'updateAgentPolicy', '200'],
  ['post', '/agents/{agentId}/device-codes', 'regenerateAgentDeviceCode', '201'],
  ['post', '/agents/{agentId}/actions/{actionId}/approve', 'approveAgentAction', '200'],
  ['post', '/agents/{agentId}/actions/{actionId}/reject', 'rejectAgentAction', '200'],
  ['get', '/agents/device-codes/{code}/status', 'getAgentDeviceCodeStatus', '200'],
  ['post', '/agents/device-codes/{code}/redeem', 'redeemAgentDeviceCode', '200'],
] as const;

const OPERATIONS = [
  ['get', '/agents/me', 'getAgentMe', '200'],
  ['get', '/agents/me/transactions', 'agentListTransactions', '200'],
  ['get', '/agents/me/transactions/{transactionId}', 'agentGetTransaction', '200'],
  ['post', '/agents/me/quotes', 'agentCreateQuote', '201'],
  ['get', '/agents/me/quotes/{quoteId}', 'agentGetQuote', '200'],
  ['post', '/agents/me/quotes/{quoteId}/execute', 'agentExecuteQuote', '200'],
  ['get', '/agents/me/actions', 'agentListActions', '200'],
  ['get', '/agents/me/actions/{actionId}', 'agentGetAction', '200'],
  ['post', '/agents/me/transfer-in', 'agentCreateTransferIn', '201'],
  ['post', '/agents/me/transfer-out', 'agentCreateTransferOut', '201'],
  ['get', '/agents/me/internal-accounts', 'agentListInternalAccounts', '200'],
  ['get', '/agents/me/external-accounts', 'agentListExternalAccounts', '200'],
  ['post', '/agents/me/external-accounts', 'agentCreateExternalAccount', '201'],
  ['get', '/agents/me/external-accounts/{externalAccountId}', 'agentGetExternalAccount', '200'],
  ['delete', '/agents/me/external-accounts/{externalAccountId}', 'agentDeleteExternalAccount', '204'],
] as const;

describe('the agent operations in GET /openapi.json', () => {
  const doc = makeSandbox().openApiDocument() as any;

  it('declares the AgentAuth bearer scheme beside BasicAuth, and both tags', () => {
    expect(doc.components.securitySchemes.AgentAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.tags.map((t: any) => t.name)).toEqual(expect.arrayContaining(['Agent Management', 'Agent Operations']));
  });

  it('documents the 12 management operations with BasicAuth (redemption with none)', () => {
    for (const [method, path, operationId, success] of MANAGEMENT) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.operationId).toBe(operationId);
      expect(op.tags).toEqual(['Agent Management']);
      expect(Object.keys(op.responses)).toContain(success);
      if (operationId === 'redeemAgentDeviceCode') expect(op.security).toEqual([]);
      else expect(op.security).toBeUndefined();
    }
  });

  it('documents the 15 agent operations with AgentAuth only', () => {
    for (const [method, path, operationId, success] of OPERATIONS) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.operationId).toBe(operationId);
      expect(op.tags).toEqual(['Agent Operations']);
      expect(op.security).toEqual([{ AgentAuth: [] }]);
      expect(Object.keys(op.responses)).toContain(success);
    }
    expect(doc.components.schemas.AgentAction.properties.status.$ref ?? doc.components.schemas.AgentAction.properties.status.enum).toBeDefined();
    expect(doc.components.schemas.Transaction.properties.agentId).toBeDefined();
  });

  it('documents the spec’s approval path on transactions', () => {
    expect(doc.paths['/transactions/{transactionId}/approve'].post.operationId).toBe('approvePendingPayment');
    expect(doc.paths['/transactions/{transactionId}/reject'].post.operationId).toBe('rejectPendingPayment');
    expect(Object.keys(doc.paths['/transactions/{transactionId}/approve'].post.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
  });
});
