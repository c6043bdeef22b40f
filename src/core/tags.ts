/**
 * The one list of OpenAPI tags: every area of the API in the public
 * description's order, each with what it covers. Routes name their tag with
 * `tags: [TAGS.customers]`; the documents declare the tags their operations
 * use, in this order. A new area adds its tag here, in the reference's place.
 */

export const API_TAG_LIST = [
  { key: 'platformConfiguration', name: 'Platform Configuration', description: 'Settings that apply to the whole platform: currencies and their limits, webhook endpoint, embedded-wallet configuration.' },
  { key: 'customers', name: 'Customers', description: 'Individual and business customers: create, list, read, update and delete them.' },
  { key: 'contactVerification', name: 'Contact Verification', description: "One-time codes that confirm a customer's e-mail address and phone number, where the customer's provider asks for them." },
  { key: 'strongCustomerAuthentication', name: 'Strong Customer Authentication', description: 'Authorizing money movement for customers in regions that require strong customer authentication.' },
  { key: 'verifications', name: 'KYC/KYB Verifications', description: 'Know-your-customer and know-your-business checks: submissions, their results, beneficial owners and hosted verification links.' },
  { key: 'documents', name: 'Documents', description: 'Identity and business documents uploaded for customers and beneficial owners, as the verifications require them.' },
  { key: 'internalAccounts', name: 'Internal Accounts', description: 'Balances held for customers and for the platform, embedded wallets included, with their funding instructions.' },
  { key: 'externalAccounts', name: 'External Accounts', description: 'Bank accounts, crypto wallets and other destinations outside the platform, and the proof that a customer owns one.' },
  { key: 'vasps', name: 'VASPs', description: 'Virtual asset service providers a counterparty can be declared at.' },
  { key: 'sameCurrencyTransfers', name: 'Same-Currency Transfers', description: 'Moving money between an internal and an external account in one currency (deprecated: quotes do both kinds of transfer).' },
  { key: 'crossCurrencyTransfers', name: 'Cross-Currency Transfers', description: 'Receiver lookups, and quotes that lock a rate and amounts and then execute the transfer.' },
  { key: 'transactions', name: 'Transactions', description: 'Every payment in and out, and every card transaction, with its status history.' },
  { key: 'webhooks', name: 'Webhooks', description: 'Events the sandbox POSTs to the platform, signed with X-Service-Signature.' },
  { key: 'invitations', name: 'Invitations', description: 'UMA invitations: create, claim and cancel them.' },
  { key: 'sandbox', name: 'Sandbox', description: 'Test-only operations: fund accounts, pay instructions, receive payments, send a test webhook, simulate card network events.' },
  { key: 'apiTokens', name: 'API Tokens', description: 'Creating and revoking API credentials programmatically.' },
  { key: 'exchangeRates', name: 'Exchange Rates', description: 'Current rates between currencies, fees included, cached for about five minutes.' },
  { key: 'discoveries', name: 'Discoveries', description: 'Which banks, providers and payment rails can receive payouts in a country and currency.' },
  { key: 'embeddedWalletAuth', name: 'Embedded Wallet Auth', description: 'Credentials (e-mail or SMS one-time codes, OIDC, passkeys) and sessions that sign embedded-wallet actions.' },
  { key: 'agentManagement', name: 'Agent Management', description: 'Agents that act for a customer within a policy, as managed by the platform.' },
  { key: 'agentOperations', name: 'Agent Operations', description: "What an agent calls with its own credentials, on its customer's behalf." },
  { key: 'cards', name: 'Cards', description: 'Debit cards issued against internal accounts: issue, freeze, unfreeze, close, change the funding source, reveal the number.' },
  { key: 'stablecoins', name: 'Stablecoins', description: 'Stablecoin issuance: provider accounts, registered stablecoins, mints and burns.' },
  { key: 'umaProviders', name: 'Available UMA Providers', description: 'UMA providers a platform can work with.' },
] as const;

/** The control plane's own document has its own tags. */
export const CONTROL_TAG_LIST = [
  { key: 'controlPlane', name: 'Control plane', description: "Sandbox-only endpoints under /__admin, each acting on the calling tenant: clock, reset, snapshots, scenarios, faults, the request journal and webhook deliveries." },
] as const;

type TagEntry = (typeof API_TAG_LIST)[number] | (typeof CONTROL_TAG_LIST)[number];
export type TagKey = TagEntry['key'];
export type TagName = TagEntry['name'];

/** Tag names by key: `tags: [TAGS.cards]`. */
export const TAGS = Object.fromEntries([...API_TAG_LIST, ...CONTROL_TAG_LIST].map((t) => [t.key, t.name])) as { [K in TagKey]: Extract<TagEntry, { key: K }>['name'] };

/** The declared tags a document's operations use, in the list's order. */
export function declaredTags(list: readonly { name: string; description: string }[], used: ReadonlySet<string>): Array<{ name: string; description: string }> {
  const unknown = [...used].filter((name) => !list.some((t) => t.name === name));
  if (unknown.length > 0) throw new Error(`Undeclared OpenAPI tags: ${unknown.join(', ')} (add them to src/core/tags.ts)`);
  return list.filter((t) => used.has(t.name)).map(({ name, description }) => ({ name, description }));
}
