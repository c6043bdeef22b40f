/**
 * agents: a customer with money, a connected agent acting for it, and one
 * of the agent's transfers waiting for the platform's approval. The agent's
 * access token is known, so its side can be driven at once.
 *
 * Stays code, not a fixture: the token's random part is fixed here
 * (redeemDeviceCode's `secret`), which POST /agents/device-codes/{code}/redeem
 * never lets a caller choose (it mints one), and the transfer is the agent's
 * own request (POST /agents/me/transfer-out, with its Bearer token), while a
 * fixture's steps act only with the platform's Basic credentials.
 */
import type { Tenant } from '../src/store/tenant.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { fundInternalAccount, primaryAccountOf } from '../src/areas/internal-accounts/internal-accounts.service.js';
import { createExternalAccount } from '../src/areas/external-accounts/external-accounts.service.js';
import { createAgent, redeemDeviceCode } from '../src/areas/agents/agents.service.js';
import { agentTransferOutUnsigned } from '../src/areas/agents/operations.service.js';

/** The random part of the scenario agent's access token: `agt_<client id, base64url>.sandbox-agent-token`. */
export const SCENARIO_AGENT_SECRET = 'sandbox-agent-token';

export const agents = {
  name: 'agents',
  description:
    'Customer agents-owner with $1,000.00 in USD and an external account, its connected agent (token agt_<client id in base64url>.sandbox-agent-token; approval above $100.00) and a $250.00 transfer-out awaiting approval',
  apply(tenant: Tenant): void {
    const owner = createCustomer(tenant, {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'agents-owner',
      fullName: 'Avery Agentowner',
      email: 'agents@example.com',
      currencies: ['USD'],
    });
    const account = primaryAccountOf(tenant, owner.id)!;
    fundInternalAccount(tenant, account.id, 100_000);
    const external = createExternalAccount(tenant, {
      customerId: owner.id,
      currency: 'USD',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Avery Agentowner' } },
    });
    const { agent, deviceCode } = createAgent(tenant, {
      name: 'Sandbox agent',
      customerId: owner.id,
      policy: {
        permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'],
        defaultExecutionMode: 'AUTO',
        spendingLimits: { currency: 'USD', perTransactionLimit: 50_000, dailyLimit: 200_000, dailyTransactionLimit: 20, monthlyLimit: 1_000_000 },
        approvalThresholds: { currency: 'USD', amount: 10_000 },
      },
    });
    redeemDeviceCode(tenant, deviceCode.code, SCENARIO_AGENT_SECRET);
    agentTransferOutUnsigned(tenant, agent.id, { source: { accountId: account.id }, destination: { accountId: external.id }, amount: 25_000 });
  },
};
