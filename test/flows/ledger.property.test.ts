/**
 * Ledger conservation, as a model-based property test driven through the HTTP
 * API only: an in-process app from makeSandbox(), given a hand-driven time
 * source so that only POST /__admin/clock/advance moves the tenant clock.
 *
 * Each run opens a fresh sandbox with two customers (USD and EUR internal
 * accounts, USD external accounts ending in 000 and 002..007, EUR IBANs ending
 * in 000, 004, 005, 007) and the platform's accounts, then plays a random
 * sequence of: sandbox fundings; quote payouts to external accounts;
 * internal -> internal quotes (same or cross currency, within a customer,
 * between customers, to and from the platform); quotes to UMA addresses
 * (another customer of the tenant, or the sandbox receivers); pulls (quotes
 * with immediatelyExecute, and POST /transfer-in); POST /transfer-out; incoming
 * UMA payments (POST /sandbox/uma/receive); real-time funded quotes paid with
 * POST /sandbox/send (exact amount, wrong amount, wrong currency); clock
 * advances (so delayed completions, returns and failures happen, and quotes
 * expire); deferred executions; and repeated executions of executed quotes.
 * An agent of customer 0 (connected through its device code, confined to
 * the customer's USD account, with per-transaction, daily, daily-count and
 * monthly limits, an approval threshold, and AUTO or APPROVAL_REQUIRED mode
 * per run) plays alongside: quote payouts, transfers out and in, attempts
 * outside its customer or its allowed accounts, and the platform's decisions
 * on its actions awaiting approval, through the action or through its
 * transaction, sometimes twice.
 * Stablecoins too: the world has an ENABLED stablecoin ACME (so the platform
 * holds an ACME internal account) and a Spark wallet; mints from every funding
 * source (wire, ACH and same-day ACH debits from the customers' USD accounts,
 * a USD internal account, the provider balance) to the wallet or to the ACME
 * account; burns from every source (an external wallet, the ACME account, the
 * provider balance) paid out to the customers' USD accounts; sandbox funding
 * of waiting operations; replays of mint and burn requests with their
 * Idempotency-Key (same body, or another body: 409).
 * Actions the API refuses with a 4xx are part of the game.
 *
 * The accounting (src/areas/internal-accounts/ledger.ts,
 * src/areas/payments/settlement.service.ts). Per internal account, with
 * P = POSTED entries, PI = PENDING credits, PO = PENDING debits (holds, >= 0 here):
 *   balance (available) = P - PO        totalBalance = P + PI
 * so 0 <= balance <= totalBalance whenever P >= PO.
 *
 * What a transaction means for the ledger, read from what GET /transactions reports.
 * "Internal" is an internal account of the tenant: an ACCOUNT side with an
 * InternalAccount id, or a UMA_ADDRESS destination that is one of the tenant's
 * customers (then the customer's internal account in the destination currency).
 *   From internal account A (OUTGOING: quote payout, transfer-out, internal -> internal, quote to UMA):
 *     PENDING / PROCESSING       hold PO[A] += sentAmount (still in A's totalBalance);
 *                                to an internal B also PI[B] += receivedAmount
 *     COMPLETED                  P[A] -= sentAmount; to an internal B also P[B] += receivedAmount
 *     FAILED, no refund          nothing (the hold was voided: the money never left)
 *     FAILED, refund COMPLETED   nothing (debited, then credited back with a REFUND entry)
 *     FAILED, refund FAILED      P[A] -= sentAmount (the money left and is lost outside)
 *   From outside to internal account B (pull by quote, transfer-in, UMA receive, real-time funding, sandbox funding):
 *     PENDING / PROCESSING       PI[B] += receivedAmount (on its way: totalBalance only)
 *     COMPLETED                  P[B] += receivedAmount
 *     FAILED                     nothing (the pending credit was voided)
 *   From outside to outside (real-time funding paid out to an external account or a UMA receiver): nothing.
 *   An agent action awaiting approval: its transaction is PENDING, its money reserved as above
 *   (a hold, or a pending credit for a pull); rejected (a payout FAILED, a pull REJECTED) or
 *   FAILED because its quote expired before the approval, it is released: nothing. Approved,
 *   it runs by the rules from the approval on.
 *   Sandbox funding of A is an incoming payment from outside, COMPLETED as it opens: P[A] += amount
 *   A stablecoin mint or burn (GET /stablecoins/{id}/operations), amounts in cents c:
 *     from internal account A (a SERVICE_INTERNAL_ACCOUNT mint source in USD, or a burn from ACME):
 *       in flight (CREATED, PENDING_*, PROCESSING)  PO[A] += c;  COMPLETED  P[A] -= c;  FAILED, EXPIRED  nothing
 *     to the ACME account (a mint):
 *       in flight                                   PI[ACME] += c;  COMPLETED  P[ACME] += c;  FAILED, EXPIRED  nothing
 *     a COMPLETED operation is a boundary flow: out of USD (internal source), into or out of ACME.
 *
 * Boundary flows per currency c (money enters or leaves the sandbox only here):
 *   in:  COMPLETED receivedAmount from outside (sandbox funding included); the receivedAmount of a COMPLETED
 *        internal -> internal move (FX, and fees, are a boundary: the sending currency loses
 *        sentAmount, the receiving currency gains receivedAmount);
 *   out: payouts that went out (COMPLETED, or FAILED with a failed refund); the sentAmount of
 *        a COMPLETED internal -> internal move.
 *   inside[c] = Σ in - Σ out   (the model's settled money in c)
 *
 * Invariants, to the minor unit, checked after every action over every internal account
 * (the customers' and the platform's, every currency):
 *   (1) each account: 0 <= balance <= totalBalance, and balance = P - PO, totalBalance = P + PI;
 *   (2) per currency: Σ totalBalance = inside[c] + Σ in-flight receivedAmount to internal accounts in c
 *                     Σ balance      = inside[c] - Σ in-flight sentAmount from internal accounts in c;
 *   (3) the transactions the API lists are exactly the ones the actions started, with the
 *       amounts they started with (and a quote's transaction carries the quote's amounts);
 *   (4) each transaction is where the rule tables (src/rules/tables.ts) say it should be at
 *       the current clock time (status and refund status), and so is each stablecoin operation
 *       (stablecoinAmount, accountTransfer for ACH debits and payouts, the clearing, settlement
 *       and expiry delays); the operations listed are exactly the ones the actions created;
 *   (5) an action that moves no money (refused with a 4xx, a quote kept for later, executing
 *       an executed quote, replaying a mint or burn) changes no balance, starts no
 *       transaction or operation and counts nothing;
 *   (6) the agent's usage (today's count and spend, this month's spend, on the tenant clock)
 *       is the sum of the actions that ran (at once, or approved), each on the day it ran; the
 *       API's answer to each agent action is the one its policy gives (403 with the limit
 *       passed, PENDING_APPROVAL above the threshold or in APPROVAL_REQUIRED mode);
 *   (7) per account, the balances INTERNAL_ACCOUNT.BALANCE_UPDATED carries follow the account
 *       step by step: no event repeats what the account already showed, and the last one
 *       carries what it shows now;
 *   and no request answers 5xx, but a mint or burn of an amount ending in 503 cents (503, as
 *   the stablecoinAmount table says).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { bearerClient, type AgentClient } from '../agents/helpers.js';

// ---------------------------------------------------------------- the world

const CURRENCIES = ['USD', 'EUR'] as const;
/** Suffixes of the external accounts each customer gets, by currency. */
const USD_SUFFIXES = ['000', '002', '003', '004', '005', '006', '007'] as const;
const EUR_SUFFIXES = ['000', '004', '005', '007'] as const;
const EXTERNALS_PER_CUSTOMER = USD_SUFFIXES.length + EUR_SUFFIXES.length;
/** Customer internal accounts are 0..3; 4 and 5 are the platform's USD and EUR accounts. */
const CUSTOMER_ACCOUNTS = 4;
const ALL_ACCOUNTS = 6;

const UMA_SENDERS = ['$alice@example.com', '$success.usd@sandbox.uma.local', '$pending.long.usd@sandbox.uma.local', '$fail.compliance.usd@sandbox.uma.local'] as const;
/** Quote destinations by UMA address: 0 and 1 are the two customers, the rest sandbox receivers. */
const UMA_RECEIVERS = ['customer:0', 'customer:1', '$success.usd@sandbox.uma.local', '$success.eur@sandbox.uma.local', '$pending.long.usd@sandbox.uma.local', '$fail.compliance.usd@sandbox.uma.local'] as const;

const QUOTE_LIFETIME_MS = 300_000;

interface CustomerRef {
  id: string;
  umaAddress: string;
}

interface InternalRef {
  id: string;
  /** -1 for the platform's accounts. */
  customer: number;
  currency: string;
}

interface ExternalRef {
  id: string;
  customer: number;
  currency: string;
  suffix: string;
}

interface World {
  client: Client;
  customers: CustomerRef[];
  /** [customer 0 USD, customer 0 EUR, customer 1 USD, customer 1 EUR, platform USD, platform EUR] */
  internals: InternalRef[];
  /** Per customer: the USD accounts, then the EUR accounts. */
  externals: ExternalRef[][];
  /** Customer 0's agent, confined to its USD account (internals[0]). */
  agent: { id: string; as: AgentClient; mode: AgentMode };
  /** The ENABLED stablecoin, the platform's internal account in it, and a Spark wallet to mint to. */
  stablecoin: { id: string; acme: string; spark: string };
  /** The tenant clock when the actions start (setup enables the stablecoin first). */
  clockMs: number;
}

type AgentMode = 'AUTO' | 'APPROVAL_REQUIRED';

/** The agent's policy: all in USD minor units. */
const AGENT_LIMITS = { perTransaction: 50_000, daily: 120_000, dailyCount: 6, monthly: 400_000, threshold: 20_000 };

/** A German IBAN with valid check digits for an 18-digit BBAN. */
function germanIban(bban: string): string {
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${check.toString().padStart(2, '0')}${bban}`;
}

async function expectOk<T = any>(what: string, promise: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`setup: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function buildWorld(startMs: number, agentMode: AgentMode): Promise<World> {
  const sandbox = makeSandbox({ time: manualTime(startMs) });
  const client = sandbox.client('ledger-property', 'secret');
  const customers: CustomerRef[] = [];
  const internals: InternalRef[] = [];
  const externals: ExternalRef[][] = [];
  // First the stablecoin, ENABLED after 300 s, before anything else has a due job.
  const key = (name: string) => ({ 'idempotency-key': `setup-${name}` });
  await expectOk('link', client.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'property', apiClientSecret: 'secret-000' }, key('link')));
  const coin = await expectOk('register', client.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw000', network: 'SPARK' }, key('register')));
  await expectOk('clock', client.post('/__admin/clock/advance', { seconds: 300 }));
  const spark = await expectOk('Spark wallet', client.post('/platform/external-accounts', { currency: 'USDB', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qqgqzqvzq2ps8pqys5zcvp58q7000' } }));
  for (let c = 0; c < 2; c++) {
    const customer = await expectOk('POST /customers', client.post('/customers', individual({ fullName: `Holder Number${c}`, currencies: [...CURRENCIES] })));
    customers.push({ id: customer.id, umaAddress: customer.umaAddress });
    const accounts = (await expectOk('GET /customers/internal-accounts', client.get(`/customers/internal-accounts?customerId=${customer.id}`))).data as any[];
    for (const currency of CURRENCIES) {
      const account = accounts.find((a) => a.balance.currency.code === currency);
      if (!account) throw new Error(`setup: customer ${c} has no ${currency} internal account`);
      internals.push({ id: account.id, customer: c, currency });
    }
    const mine: ExternalRef[] = [];
    for (const suffix of USD_SUFFIXES) {
      const account = await expectOk(`USD external ${suffix}`, client.post('/customers/external-accounts', usdAccount(customer.id, `${c + 1}0012345${suffix}`)));
      mine.push({ id: account.id, customer: c, currency: 'USD', suffix });
    }
    for (const suffix of EUR_SUFFIXES) {
      const body = {
        customerId: customer.id,
        currency: 'EUR',
        accountInfo: { accountType: 'EUR_ACCOUNT', iban: germanIban(`37040044053201${c}${suffix}`), beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', countryOfResidence: 'DE' } },
      };
      const account = await expectOk(`EUR external ${suffix}`, client.post('/customers/external-accounts', body));
      mine.push({ id: account.id, customer: c, currency: 'EUR', suffix });
    }
    externals.push(mine);
  }
  const platform = (await expectOk('GET /platform/internal-accounts', client.get('/platform/internal-accounts'))).data as any[];
  for (const currency of CURRENCIES) {
    const account = platform.find((a) => a.balance.currency.code === currency);
    if (!account) throw new Error(`setup: the platform has no ${currency} internal account`);
    internals.push({ id: account.id, customer: -1, currency });
  }
  const acme = platform.find((a) => a.balance.currency.code === 'ACME');
  if (!acme) throw new Error('setup: the platform has no ACME internal account once the stablecoin is ENABLED');
  const created = await expectOk('POST /agents', client.post('/agents', {
    name: 'Model agent',
    customerId: customers[0]!.id,
    policy: {
      permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES'],
      defaultExecutionMode: agentMode,
      spendingLimits: { currency: 'USD', perTransactionLimit: AGENT_LIMITS.perTransaction, dailyLimit: AGENT_LIMITS.daily, dailyTransactionLimit: AGENT_LIMITS.dailyCount, monthlyLimit: AGENT_LIMITS.monthly },
      approvalThresholds: { currency: 'USD', amount: AGENT_LIMITS.threshold },
      accountRestrictions: { allowedAccountIds: [internals[0]!.id] },
    },
  }));
  const redeemed = await sandbox.app.request(`/2025-10-13/agents/device-codes/${created.deviceCode.code}/redeem`, { method: 'POST' });
  if (redeemed.status !== 200) throw new Error(`setup: redeeming the agent's device code answered ${redeemed.status}`);
  const { accessToken } = (await redeemed.json()) as { accessToken: string };
  return { client, customers, internals, externals, stablecoin: { id: coin.id, acme: acme.id, spark: spark.id }, clockMs: startMs + 300_000, agent: { id: created.agent.id, as: bearerClient(sandbox.app, accessToken), mode: agentMode } };
}

// ---------------------------------------------------------------- actions

type Side = 'SENDING' | 'RECEIVING';

type Action =
  | { kind: 'fund'; acct: number; amount: number }
  | { kind: 'payout'; from: number; ext: number; side: Side; amount: number; defer: boolean; key: boolean }
  | { kind: 'internal'; from: number; to: number; side: Side; amount: number; defer: boolean; key: boolean }
  | { kind: 'umaPay'; from: number; receiver: number; currency: 'USD' | 'EUR' | null; side: Side; amount: number; defer: boolean; key: boolean }
  | { kind: 'pull'; to: number; ext: number; side: Side; amount: number }
  | { kind: 'transferIn'; to: number; ext: number; sameCurrency: boolean; amount: number }
  | { kind: 'transferOut'; from: number; ext: number; sameCurrency: boolean; amount: number }
  | { kind: 'umaReceive'; customer: number; sender: (typeof UMA_SENDERS)[number]; currency: 'USD' | 'EUR' | 'MXN'; amount: number }
  | { kind: 'realtime'; currency: 'USD' | 'EUR'; toKind: 'internal' | 'external' | 'uma'; to: number; customer: number; ext: number; side: Side; amount: number; pay: 'exact' | 'mismatch' | 'wrongCurrency' }
  | { kind: 'advance'; seconds: number }
  | { kind: 'executeDeferred'; pick: number; key: boolean }
  | { kind: 'reexecute'; pick: number; mode: 'sameKey' | 'noKey' | 'otherKey' | 'foreignKey' }
  | { kind: 'agentPayout'; ext: number; side: Side; amount: number; defer: boolean }
  | { kind: 'agentTransferOut'; ext: number; amount: number }
  | { kind: 'agentTransferIn'; ext: number; amount: number }
  | { kind: 'agentExecuteDeferred'; pick: number }
  | { kind: 'agentOutside'; where: 'otherCustomer' | 'notAllowed' }
  | { kind: 'agentDecide'; pick: number; approve: boolean; via: 'action' | 'transaction'; twice: boolean }
  | { kind: 'mint'; source: MintSource; from: number; to: 'SPARK' | 'ACME'; cents: number }
  | { kind: 'burn'; source: BurnSource; ext: number; rail: 'WIRE' | 'ACH_CREDIT' | 'SAME_DAY_ACH_CREDIT' | 'RTP_CREDIT'; cents: number }
  | { kind: 'fundOperation'; pick: number }
  | { kind: 'replayOperation'; pick: number; same: boolean };

type MintSource = 'WIRE' | 'ACH_DEBIT' | 'SAME_DAY_ACH_DEBIT' | 'SERVICE_INTERNAL_ACCOUNT' | 'PROVIDER_INTERNAL_BALANCE';
type BurnSource = 'EXTERNAL_ACCOUNT' | 'SERVICE_INTERNAL_ACCOUNT' | 'PROVIDER_INTERNAL_BALANCE';
/** The USD internal accounts a mint can be funded from: customer 0's, customer 1's, the platform's. */
const USD_INTERNALS = [0, 2, 4] as const;

const customerAcct = fc.nat(CUSTOMER_ACCOUNTS - 1);
const anyAcct = fc.nat(ALL_ACCOUNTS - 1);
const ext = fc.nat(EXTERNALS_PER_CUSTOMER - 1);
const side = fc.constantFrom<Side>('SENDING', 'RECEIVING');
/** Mostly execute at once; now and then keep the quote for a later executeDeferred. */
const defer = fc.constantFrom(false, false, false, true);
/** Same-currency transfers mostly pick an external account in the internal account's currency. */
const sameCurrency = fc.constantFrom(true, true, true, false);
/** Amounts for money movement: below the fees, ordinary, more than is there, and the 666 magic value. */
const amount = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 5, arbitrary: fc.integer({ min: 61, max: 30_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 30_001, max: 100_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100_001, max: 400_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1_666, 20_666) },
);
/** Clock steps: anything up to 400 s, and the exact delays of the rule tables (and the quote lifetime). */
const seconds = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400 }) },
  { weight: 1, arbitrary: fc.constantFrom(30, 300, 360, 86_400) },
  // The stablecoin delays: submission, settlement, same-day and ACH clearing, the funding window.
  { weight: 1, arbitrary: fc.constantFrom(5, 35, 60, 180, 604_800) },
);
/** Mint and burn amounts in cents: ordinary, more than is there, and the provider's magic 502, 503 and 504. */
const cents = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 30_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 30_001, max: 200_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(502, 503, 504, 1_504, 10_503) },
);

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('fund' as const), acct: anyAcct, amount: fc.integer({ min: 1, max: 100_000 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('payout' as const), from: customerAcct, ext, side, amount, defer, key: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('internal' as const), from: anyAcct, to: anyAcct, side, amount, defer, key: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('umaPay' as const),
      from: anyAcct,
      receiver: fc.nat(UMA_RECEIVERS.length - 1),
      currency: fc.constantFrom('USD' as const, 'EUR' as const, null),
      side,
      amount,
      defer,
      key: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), to: anyAcct, ext, side, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transferIn' as const), to: anyAcct, ext, sameCurrency, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('transferOut' as const), from: customerAcct, ext, sameCurrency, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('umaReceive' as const), customer: fc.nat(1), sender: fc.constantFrom(...UMA_SENDERS), currency: fc.constantFrom('USD' as const, 'EUR' as const, 'MXN' as const), amount }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('realtime' as const),
      currency: fc.constantFrom('USD' as const, 'EUR' as const),
      toKind: fc.constantFrom('internal' as const, 'external' as const, 'uma' as const),
      to: anyAcct,
      customer: fc.nat(1),
      ext,
      side,
      amount,
      pay: fc.constantFrom('exact' as const, 'exact' as const, 'mismatch' as const, 'wrongCurrency' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('executeDeferred' as const), pick: fc.nat(20), key: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reexecute' as const), pick: fc.nat(20), mode: fc.constantFrom('sameKey' as const, 'noKey' as const, 'otherKey' as const, 'foreignKey' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('agentPayout' as const), ext, side, amount, defer }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('agentTransferOut' as const), ext, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('agentTransferIn' as const), ext, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('agentExecuteDeferred' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('agentOutside' as const), where: fc.constantFrom('otherCustomer' as const, 'notAllowed' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('agentDecide' as const), pick: fc.nat(20), approve: fc.boolean(), via: fc.constantFrom('action' as const, 'transaction' as const), twice: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('mint' as const),
      source: fc.constantFrom<MintSource>('WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'SERVICE_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'),
      from: fc.nat(20),
      to: fc.constantFrom('SPARK' as const, 'ACME' as const),
      cents,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burn' as const),
      source: fc.constantFrom<BurnSource>('EXTERNAL_ACCOUNT', 'SERVICE_INTERNAL_ACCOUNT', 'SERVICE_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'),
      ext: fc.nat(20),
      rail: fc.constantFrom('WIRE' as const, 'ACH_CREDIT' as const, 'SAME_DAY_ACH_CREDIT' as const, 'RTP_CREDIT' as const),
      cents,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fundOperation' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replayOperation' as const), pick: fc.nat(20), same: fc.boolean() }) },
);

// ---------------------------------------------------------------- the model

type TxKind = 'QUOTE_PAYOUT' | 'TRANSFER_OUT' | 'INTERNAL' | 'UMA_PAY' | 'PULL' | 'UMA_IN' | 'REALTIME' | 'FUNDING';

/** What decides a payment's fate, besides its kind. */
interface Fate {
  /** Suffix of the external account that picks the outcome (payouts, pulls, real-time funding paid out). */
  suffix?: string;
  /** The UMA sender (receive) or receiver (quote) address; 'customer:n' for the tenant's customers. */
  uma?: string;
  /** Real-time funding paid with the wrong amount. */
  mismatch?: boolean;
  /** A real-time-funded quote nobody paid: its payment opened EXPIRED when the quote expired. */
  expired?: boolean;
}

interface TxModel extends Fate {
  id: string;
  kind: TxKind;
  /** When its rules started to apply (for an agent action awaiting approval: when it is approved). */
  startedAtMs: number;
  /** An agent action's transaction still waiting for the platform. */
  awaiting?: boolean;
  /** Where the platform's decision left it: REJECTED, or FAILED when its quote expired before the approval. */
  decided?: 'REJECTED' | 'FAILED';
  /** Started by the agent's action: the transaction carries its agentId. */
  byAgent?: boolean;
  sent: { amount: number; currency: string };
  received: { amount: number; currency: string };
}

interface QuoteModel extends Fate {
  quoteId: string;
  kind: TxKind;
  createdAtMs: number;
  /** The Idempotency-Key it was executed with, if any. */
  key?: string;
}

/** A stablecoin mint or burn the actions created, and what decides its fate. */
interface OperationModel {
  id: string;
  type: 'MINT' | 'BURN';
  source: MintSource | BurnSource;
  cents: number;
  createdAtMs: number;
  /** When POST /sandbox/stablecoin-operations/{id}/fund delivered its funds. */
  fundedAtMs?: number;
  /** Suffix of the external account an ACH debit pulls from. */
  debitSuffix?: string;
  /** Suffix of the external account a burn pays out to. */
  payoutSuffix?: string;
  /** The internal account held against (the funding USD account, or ACME for a burn). */
  hold?: string;
  /** The internal account credited (ACME, for a mint to it). */
  credit?: string;
}

/** A mint or burn request as sent, to replay it. */
interface OperationRequest {
  path: string;
  body: Record<string, unknown>;
  key: string;
  id: string;
  atMs: number;
}

interface Model {
  nowMs: number;
  txs: Map<string, TxModel>;
  deferred: QuoteModel[];
  executed: QuoteModel[];
  keys: number;
  ops: Map<string, OperationModel>;
  opRequests: OperationRequest[];
  /** The agent's quotes kept for later. */
  agentDeferred: QuoteModel[];
  /** The agent's actions awaiting approval. */
  pending: PendingAction[];
  /** Real-time-funded quotes nobody paid: each opens its payment EXPIRED 300 s after it was made. */
  unpaid: Array<{ quote: any; createdAtMs: number }>;
  /** What the agent spent on the day and in the month of its last counted action. */
  usage: UsageModel;
}

interface PendingAction {
  actionId: string;
  transactionId: string;
  /** USD minor units. */
  amount: number;
  /** For quote executions: when the quote was made (it expires 300 s later). */
  quoteCreatedAtMs?: number;
}

interface UsageModel {
  day: string;
  count: number;
  daily: number;
  month: string;
  monthly: number;
}

function usageAt(usage: UsageModel, nowMs: number): UsageModel {
  const day = new Date(nowMs).toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  return { day, month, count: usage.day === day ? usage.count : 0, daily: usage.day === day ? usage.daily : 0, monthly: usage.month === month ? usage.monthly : 0 };
}

function countUsage(model: Model, amount: number): void {
  const now = usageAt(model.usage, model.nowMs);
  model.usage = { ...now, count: now.count + 1, daily: now.daily + amount, monthly: now.monthly + amount };
}

/** What the agent's policy says of an action worth `amount` USD minor units, now. */
function policyVerdict(world: World, model: Model, amount: number): { refused: string } | { pending: boolean } {
  const usage = usageAt(model.usage, model.nowMs);
  if (amount > AGENT_LIMITS.perTransaction) return { refused: 'perTransactionLimit' };
  if (usage.count + 1 > AGENT_LIMITS.dailyCount) return { refused: 'dailyTransactionLimit' };
  if (usage.daily + amount > AGENT_LIMITS.daily) return { refused: 'dailyLimit' };
  if (usage.monthly + amount > AGENT_LIMITS.monthly) return { refused: 'monthlyLimit' };
  return { pending: world.agent.mode === 'APPROVAL_REQUIRED' || amount > AGENT_LIMITS.threshold };
}

interface Expected {
  status: string;
  refund?: 'COMPLETED' | 'FAILED';
}

/** The quote-execution table (payouts to an external account). */
function quotePayoutFate(suffix: string | undefined, elapsed: number): Expected {
  switch (suffix) {
    case '002':
      return { status: 'FAILED' };
    case '003':
      return { status: elapsed >= 360_000 ? 'COMPLETED' : 'PROCESSING' };
    case '004':
    case '006':
      return { status: 'FAILED', refund: 'COMPLETED' };
    case '005':
      return elapsed >= 30_000 ? { status: 'FAILED', refund: 'COMPLETED' } : { status: 'COMPLETED' };
    case '007':
      return { status: 'FAILED', refund: 'FAILED' };
    default:
      return { status: 'COMPLETED' };
  }
}

/** The UMA receiver table, for payments to or from a sandbox address; the tenant's customers and unknown senders complete. */
function umaFate(address: string, inFlight: string, elapsed: number): Expected {
  if (address.startsWith('$pending.long.')) return { status: elapsed >= 86_400_000 ? 'COMPLETED' : inFlight };
  if (address.startsWith('$fail.compliance.')) return { status: 'FAILED' };
  return { status: 'COMPLETED' };
}

/** Where the rule tables say a transaction is, `now`. Delayed outcomes run when the clock reaches start + delay. */
function predict(tx: TxModel, now: number): Expected {
  if (tx.awaiting) return { status: 'PENDING' };
  if (tx.decided) return { status: tx.decided };
  const elapsed = now - tx.startedAtMs;
  switch (tx.kind) {
    case 'INTERNAL':
    case 'FUNDING':
      return { status: 'COMPLETED' };
    case 'QUOTE_PAYOUT':
      return quotePayoutFate(tx.suffix, elapsed);
    case 'TRANSFER_OUT':
    case 'PULL': {
      const inFlight = tx.kind === 'TRANSFER_OUT' ? 'PROCESSING' : 'PENDING';
      switch (tx.suffix) {
        case '002':
        case '003':
        case '004':
          return { status: 'FAILED' };
        case '005':
          return { status: elapsed >= 30_000 ? 'FAILED' : inFlight };
        default:
          return { status: 'COMPLETED' };
      }
    }
    case 'UMA_PAY':
      return umaFate(tx.uma!, 'PROCESSING', elapsed);
    case 'UMA_IN':
      return umaFate(tx.uma!, 'PENDING', elapsed);
    case 'REALTIME':
      if (tx.expired) return { status: 'EXPIRED' };
      if (tx.mismatch) return { status: 'FAILED', refund: 'COMPLETED' };
      return tx.suffix !== undefined ? quotePayoutFate(tx.suffix, elapsed) : { status: 'COMPLETED' };
  }
}

const FUNDING_WINDOW_MS = 7 * 86_400_000;

/** A mint or burn that reached PROCESSING at `processingAtMs`: the provider's verdict on the amount, then (burns) the payout's suffix. */
function settled(op: OperationModel, processingAtMs: number, now: number): string {
  const settleAt = processingAtMs + 30_000;
  if (now < settleAt) return 'PROCESSING';
  if (op.cents % 1000 === 504) return 'FAILED';
  if (op.type === 'BURN') {
    if (['002', '003', '004'].includes(op.payoutSuffix ?? '')) return 'FAILED';
    if (op.payoutSuffix === '005') return now < settleAt + 30_000 ? 'PROCESSING' : 'FAILED';
  }
  return 'COMPLETED';
}

/**
 * Where the rule tables and delays say a stablecoin operation is, `now`: the statuses it may have. One, except
 * where a burn from the provider balance is taken up at the same instant as another operation changes that
 * balance: due jobs of one instant may run in either order, so either outcome is right.
 */
function predictOperation(op: OperationModel, now: number, all: Map<string, OperationModel>): Set<string> {
  return new Set(statusesAt(op, now, all, new Set()));
}

function statusesAt(op: OperationModel, now: number, all: Map<string, OperationModel>, deciding: Set<string>): string[] {
  const elapsed = now - op.createdAtMs;
  switch (op.source) {
    case 'WIRE':
    case 'EXTERNAL_ACCOUNT':
      if (op.fundedAtMs === undefined) return [elapsed >= FUNDING_WINDOW_MS ? 'EXPIRED' : 'PENDING_FUNDING'];
      return [settled(op, op.fundedAtMs, now)];
    case 'ACH_DEBIT':
    case 'SAME_DAY_ACH_DEBIT': {
      if (['002', '003', '004'].includes(op.debitSuffix ?? '')) return ['FAILED'];
      if (op.debitSuffix === '005') return [elapsed >= 30_000 ? 'FAILED' : 'PENDING_PROVIDER'];
      const clearing = op.source === 'ACH_DEBIT' ? 180_000 : 60_000;
      return [elapsed < clearing ? 'PENDING_PROVIDER' : settled(op, op.createdAtMs + clearing, now)];
    }
    case 'SERVICE_INTERNAL_ACCOUNT':
      return [settled(op, op.createdAtMs, now)];
    case 'PROVIDER_INTERNAL_BALANCE': {
      if (elapsed < 5_000) return ['CREATED'];
      const pickup = op.createdAtMs + 5_000;
      if (op.type === 'MINT') return [settled(op, pickup, now)];
      // A burn is taken up only if what completed mints put at the provider, less the burns it took up, covers it.
      const [low, high] = providerBalanceAt(op, pickup, all, deciding);
      const outcomes = new Set<string>();
      if (op.cents > low) outcomes.add('FAILED');
      if (op.cents <= high) outcomes.add(settled(op, pickup, now));
      return [...outcomes];
    }
  }
}

/** The lowest and highest provider balance `op` may meet at `at`, other operations' changes at that instant run before or after it. */
function providerBalanceAt(op: OperationModel, at: number, all: Map<string, OperationModel>, deciding: Set<string>): [number, number] {
  if (deciding.has(op.id)) return [-Infinity, Infinity];
  deciding.add(op.id);
  let low = 0;
  let high = 0;
  for (const other of all.values()) {
    if (other.id === op.id) continue;
    const statuses = [...statusesAt(other, at - 1, all, deciding), ...statusesAt(other, at, all, deciding)];
    const counted = (status: string) => (other.type === 'MINT' ? (status === 'COMPLETED' ? other.cents : 0) : status === 'PROCESSING' || status === 'COMPLETED' ? -other.cents : 0);
    const values = statuses.map(counted);
    low += Math.min(...values);
    high += Math.max(...values);
  }
  deciding.delete(op.id);
  return [low, high];
}

// ---------------------------------------------------------------- observing the API

interface AccountView {
  id: string;
  customerId?: string;
  currency: string;
  balance: number;
  total: number;
}

interface Observation {
  accounts: Map<string, AccountView>;
  transactions: any[];
  /** The agent's usage, as GET /agents/{agentId} shows it. */
  usage: { dailyTransactionCount: number; dailySpend: number; monthlySpend: number };
  operations: any[];
}

async function observe(world: World): Promise<Observation> {
  const [customerAccounts, platformAccounts, transactions, operations, agent] = await Promise.all([
    world.client.get('/customers/internal-accounts?limit=100'),
    world.client.get('/platform/internal-accounts'),
    world.client.get('/transactions?limit=100'),
    world.client.get(`/stablecoins/${world.stablecoin.id}/operations?limit=100`),
    world.client.get(`/agents/${world.agent.id}`),
  ]);
  for (const res of [customerAccounts, platformAccounts, transactions, operations, agent]) if (res.status !== 200) throw new Error(`observe: ${res.status} ${JSON.stringify(res.body)}`);
  if (customerAccounts.body.hasMore || transactions.body.hasMore || operations.body.hasMore) throw new Error('observe: more than one page');
  const accounts = new Map<string, AccountView>();
  for (const a of [...customerAccounts.body.data, ...platformAccounts.body.data]) {
    accounts.set(a.id, { id: a.id, ...(a.customerId ? { customerId: a.customerId } : {}), currency: a.balance.currency.code, balance: a.balance.amount, total: a.totalBalance.amount });
  }
  const { dailyTransactionCount, dailySpend, monthlySpend } = agent.body.usage;
  return { accounts, transactions: transactions.body.data, usage: { dailyTransactionCount, dailySpend, monthlySpend }, operations: operations.body.data };
}

interface BalanceEvent {
  id: string;
  accountId: string;
  balance: number;
  total: number;
}

/** The INTERNAL_ACCOUNT.BALANCE_UPDATED events not seen yet, oldest first (the outbox lists newest first, a page at a time). */
async function newBalanceEvents(world: World, seen: Set<string>): Promise<BalanceEvent[]> {
  const fresh: BalanceEvent[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await expectOk<any>('balance events', world.client.get(`/__admin/events?type=INTERNAL_ACCOUNT.BALANCE_UPDATED&limit=100${cursor ? `&cursor=${cursor}` : ''}`));
    for (const e of page.data) {
      if (seen.has(e.id)) return fresh.reverse();
      seen.add(e.id);
      fresh.push({ id: e.id, accountId: e.data.id, balance: e.data.balance.amount, total: e.data.totalBalance.amount });
    }
    if (!page.hasMore) return fresh.reverse();
    cursor = page.nextCursor;
  }
}

/**
 * Per account, the balances BALANCE_UPDATED carries follow the account step
 * by step: each event differs from what the account showed before it (no
 * event without a change), and the last one carries what it shows now (no
 * change without an event).
 */
function balanceEventsBroken(before: Observation, after: Observation, events: BalanceEvent[]): string | undefined {
  for (const [id, now] of after.accounts) {
    let last = before.accounts.get(id) ?? { balance: 0, total: 0 };
    for (const e of events.filter((x) => x.accountId === id)) {
      if (e.balance === last.balance && e.total === last.total) return `(7) ${id}: BALANCE_UPDATED ${e.id} carries ${e.balance}/${e.total}, what the account already showed`;
      last = e;
    }
    if (last.balance !== now.balance || last.total !== now.total) return `(7) ${id} shows ${now.balance}/${now.total} but its last BALANCE_UPDATED carried ${last.balance}/${last.total}`;
  }
  const unknown = events.find((e) => !after.accounts.has(e.accountId));
  return unknown ? `(7) BALANCE_UPDATED ${unknown.id} for an account no list shows: ${unknown.accountId}` : undefined;
}

function changes(before: Observation, after: Observation): string | undefined {
  const diffs: string[] = [];
  for (const [id, a] of before.accounts) {
    const b = after.accounts.get(id);
    if (!b || b.balance !== a.balance || b.total !== a.total) diffs.push(`${id} (${a.currency}) balance ${a.balance} -> ${b?.balance}, totalBalance ${a.total} -> ${b?.total}`);
  }
  if (after.accounts.size !== before.accounts.size) diffs.push(`${before.accounts.size} accounts -> ${after.accounts.size}`);
  if (after.transactions.length !== before.transactions.length) diffs.push(`${before.transactions.length} transactions -> ${after.transactions.length}: ${JSON.stringify(after.transactions[0])}`);
  if (JSON.stringify(after.usage) !== JSON.stringify(before.usage)) diffs.push(`agent usage ${JSON.stringify(before.usage)} -> ${JSON.stringify(after.usage)}`);
  if (after.operations.length !== before.operations.length) diffs.push(`${before.operations.length} stablecoin operations -> ${after.operations.length}: ${JSON.stringify(after.operations[0])}`);
  return diffs.length ? diffs.join('; ') : undefined;
}

interface Ledgerish {
  posted: number;
  pendingIn: number;
  pendingOut: number;
}

interface CurrencyFlows {
  incomingIn: number;
  payoutsOut: number;
  internalOut: number;
  internalIn: number;
  inFlightIn: number;
  inFlightOut: number;
}

const IN_FLIGHT = new Set(['PENDING', 'PROCESSING']);

/** The internal account a transaction's destination is, if it is one: an account id, or a customer's UMA address. */
function internalDestination(world: World, accounts: Map<string, AccountView>, t: any): string | undefined {
  const d = t.destination;
  if (d.destinationType === 'ACCOUNT') return accounts.has(d.accountId) ? d.accountId : undefined;
  const customer = world.customers.find((c) => c.umaAddress.toLowerCase() === String(d.umaAddress).toLowerCase());
  if (!customer) return undefined;
  return [...accounts.values()].find((a) => a.customerId === customer.id && a.currency === t.receivedAmount.currency.code)?.id;
}

/** Checks invariants (1) to (4); returns the first violation, in words with the numbers. */
function violation(world: World, model: Model, obs: Observation): string | undefined {
  const perAccount = new Map<string, Ledgerish>();
  const flows = new Map<string, CurrencyFlows>();
  const ledgerOf = (id: string) => {
    let l = perAccount.get(id);
    if (!l) perAccount.set(id, (l = { posted: 0, pendingIn: 0, pendingOut: 0 }));
    return l;
  };
  const flowsOf = (c: string) => {
    let f = flows.get(c);
    if (!f) flows.set(c, (f = { incomingIn: 0, payoutsOut: 0, internalOut: 0, internalIn: 0, inFlightIn: 0, inFlightOut: 0 }));
    return f;
  };
  // (3) exactly the transactions the actions started, with their amounts
  const listed = new Set(obs.transactions.map((t) => t.id as string));
  for (const id of listed) if (!model.txs.has(id)) return `(3) the API lists a transaction no action started: ${JSON.stringify(obs.transactions.find((t) => t.id === id))}`;
  for (const id of model.txs.keys()) if (!listed.has(id)) return `(3) transaction ${id} is missing from GET /transactions`;

  for (const t of obs.transactions) {
    const mine = model.txs.get(t.id)!;
    if (t.sentAmount.amount !== mine.sent.amount || t.sentAmount.currency.code !== mine.sent.currency || t.receivedAmount.amount !== mine.received.amount || t.receivedAmount.currency.code !== mine.received.currency) {
      return `(3) transaction ${t.id} changed its amounts: was sent ${JSON.stringify(mine.sent)} received ${JSON.stringify(mine.received)}, now ${JSON.stringify(t.sentAmount)} / ${JSON.stringify(t.receivedAmount)}`;
    }
    const src: string | undefined = t.source.sourceType === 'ACCOUNT' && obs.accounts.has(t.source.accountId) ? t.source.accountId : undefined;
    const dst = internalDestination(world, obs.accounts, t);
    const sent: number = t.sentAmount.amount;
    const sentCur: string = t.sentAmount.currency.code;
    const received: number = t.receivedAmount.amount;
    const receivedCur: string = t.receivedAmount.currency.code;
    const refund: string | undefined = t.refund?.status;
    if (!IN_FLIGHT.has(t.status) && t.status !== 'COMPLETED' && t.status !== 'FAILED' && t.status !== 'REJECTED' && t.status !== 'EXPIRED') return `transaction ${t.id} has an unexpected status ${t.status}`;
    if (t.agentId !== (mine.byAgent ? world.agent.id : undefined)) return `(3) transaction ${t.id} carries agentId ${t.agentId}; the agent ${mine.byAgent ? 'made' : 'did not make'} it`;
    if (src) {
      if (t.type !== 'OUTGOING') return `transaction ${t.id} from internal account ${src} is ${t.type}`;
      if (IN_FLIGHT.has(t.status)) {
        ledgerOf(src).pendingOut += sent;
        flowsOf(sentCur).inFlightOut += sent;
        if (dst) {
          ledgerOf(dst).pendingIn += received;
          flowsOf(receivedCur).inFlightIn += received;
        }
      } else if (t.status === 'COMPLETED') {
        ledgerOf(src).posted -= sent;
        if (dst) {
          ledgerOf(dst).posted += received;
          flowsOf(sentCur).internalOut += sent;
          flowsOf(receivedCur).internalIn += received;
        } else {
          flowsOf(sentCur).payoutsOut += sent;
        }
      } else if (refund !== undefined && refund !== 'COMPLETED') {
        // FAILED after the money left, and it did not come back.
        ledgerOf(src).posted -= sent;
        flowsOf(sentCur).payoutsOut += sent;
      }
    } else if (dst) {
      if (IN_FLIGHT.has(t.status)) {
        ledgerOf(dst).pendingIn += received;
        flowsOf(receivedCur).inFlightIn += received;
      } else if (t.status === 'COMPLETED') {
        ledgerOf(dst).posted += received;
        flowsOf(receivedCur).incomingIn += received;
      }
    }
  }

  // (3) and the ledger of stablecoin operations: exactly the ones the actions created, with their amounts
  const listedOps = new Set(obs.operations.map((o) => o.id as string));
  for (const o of obs.operations) if (!model.ops.has(o.id)) return `(3) the API lists a stablecoin operation no action created: ${JSON.stringify(o)}`;
  for (const id of model.ops.keys()) if (!listedOps.has(id)) return `(3) stablecoin operation ${id} is missing from its list`;
  for (const o of obs.operations) {
    const mine = model.ops.get(o.id)!;
    if (o.amount !== String(mine.cents * 10_000) || o.operationType !== mine.type || o.source?.type !== mine.source) {
      return `(3) stablecoin operation ${o.id} changed: it was a ${mine.type} of ${mine.cents} cents from ${mine.source}, now ${JSON.stringify(o)}`;
    }
    const inFlight = ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING'].includes(o.status);
    if (!inFlight && !['COMPLETED', 'FAILED', 'EXPIRED'].includes(o.status)) return `stablecoin operation ${o.id} has an unexpected status ${o.status}`;
    for (const [account, sign] of [[mine.hold, -1], [mine.credit, 1]] as const) {
      if (account === undefined) continue;
      const currency = obs.accounts.get(account)?.currency;
      if (currency === undefined) return `stablecoin operation ${o.id} moves money of ${account}, which GET /platform/internal-accounts and /customers/internal-accounts do not list`;
      if (inFlight) {
        if (sign < 0) {
          ledgerOf(account).pendingOut += mine.cents;
          flowsOf(currency).inFlightOut += mine.cents;
        } else {
          ledgerOf(account).pendingIn += mine.cents;
          flowsOf(currency).inFlightIn += mine.cents;
        }
      } else if (o.status === 'COMPLETED') {
        ledgerOf(account).posted += sign * mine.cents;
        if (sign < 0) flowsOf(currency).payoutsOut += mine.cents;
        else flowsOf(currency).incomingIn += mine.cents;
      }
    }
  }

  // (1) every account: non-negative, and exactly what its fundings and transactions say
  for (const a of obs.accounts.values()) {
    if (a.balance < 0 || a.total < 0 || a.balance > a.total) return `(1) ${a.id} (${a.currency}) has balance ${a.balance}, totalBalance ${a.total}`;
    const l = perAccount.get(a.id) ?? { posted: 0, pendingIn: 0, pendingOut: 0 };
    const wantBalance = l.posted - l.pendingOut;
    const wantTotal = l.posted + l.pendingIn;
    if (a.balance !== wantBalance || a.total !== wantTotal) {
      return `(1) ${a.id} (${a.currency}) shows balance ${a.balance} / totalBalance ${a.total}; its fundings and transactions give posted ${l.posted}, holds ${l.pendingOut}, pending credits ${l.pendingIn}: balance ${wantBalance} / totalBalance ${wantTotal}`;
    }
  }

  // (2) conservation per currency
  const currencies = new Set([...[...obs.accounts.values()].map((a) => a.currency), ...flows.keys()]);
  for (const c of currencies) {
    const f = flowsOf(c);
    const inside = f.incomingIn + f.internalIn - f.payoutsOut - f.internalOut;
    let sumTotal = 0;
    let sumBalance = 0;
    for (const a of obs.accounts.values()) {
      if (a.currency !== c) continue;
      sumTotal += a.total;
      sumBalance += a.balance;
    }
    if (sumTotal !== inside + f.inFlightIn || sumBalance !== inside - f.inFlightOut) {
      return (
        `(2) ${c}: Σ totalBalance ${sumTotal} (want ${inside + f.inFlightIn}), Σ balance ${sumBalance} (want ${inside - f.inFlightOut}); ` +
        `inside = incoming ${f.incomingIn} + internal in ${f.internalIn} - payouts ${f.payoutsOut} - internal out ${f.internalOut} = ${inside}; in flight: in ${f.inFlightIn}, out ${f.inFlightOut}`
      );
    }
  }

  // (4) each transaction where the rules say it is
  for (const t of obs.transactions) {
    const mine = model.txs.get(t.id)!;
    const want = predict(mine, model.nowMs);
    const refund: string | undefined = t.refund?.status;
    if (t.status !== want.status || refund !== want.refund) {
      const fate = mine.suffix ?? mine.uma ?? '';
      return `(4) ${mine.kind} ${t.id} (${fate}${mine.mismatch ? ', wrong amount' : ''}, started ${(model.nowMs - mine.startedAtMs) / 1000} s ago) is ${t.status}${refund ? ` with refund ${refund}` : ''}; the rules say ${want.status}${want.refund ? ` with refund ${want.refund}` : ''}`;
    }
  }
  for (const o of obs.operations) {
    const mine = model.ops.get(o.id)!;
    const want = predictOperation(mine, model.nowMs, model.ops);
    if (!want.has(o.status)) {
      const funded = mine.fundedAtMs !== undefined ? `, funded ${(model.nowMs - mine.fundedAtMs) / 1000} s ago` : '';
      return `(4) stablecoin ${mine.type} ${o.id} (${mine.source}, ${mine.cents} cents, debit ${mine.debitSuffix ?? '-'}, payout ${mine.payoutSuffix ?? '-'}, created ${(model.nowMs - mine.createdAtMs) / 1000} s ago${funded}) is ${o.status}; the rules say ${[...want].join(' or ')}`;
    }
  }

  // (6) the agent's usage: what ran, today and this month
  const usage = usageAt(model.usage, model.nowMs);
  const want = { dailyTransactionCount: usage.count, dailySpend: usage.daily, monthlySpend: usage.monthly };
  if (JSON.stringify(obs.usage) !== JSON.stringify(want)) return `(6) the agent's usage is ${JSON.stringify(obs.usage)}; the actions that ran give ${JSON.stringify(want)} (${usage.day})`;
  return undefined;
}

// ---------------------------------------------------------------- running an action

/** `moved: false` when the action must change nothing (refused, or nothing to do). */
type Outcome = { moved: false; note: string } | { moved: true; note: string };

/** A 5xx answer: never acceptable. */
class ServerError extends Error {}

function refusal(what: string, res: { status: number; body: any }): string | undefined {
  if (res.status >= 500) throw new ServerError(`${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  if (res.status >= 400) return `${what}: ${res.status} ${res.body?.code ?? ''}`;
  return undefined;
}

async function fetchTransaction(world: World, id: string): Promise<any> {
  const res = await world.client.get(`/transactions/${id}`);
  if (res.status !== 200) throw new Error(`GET /transactions/${id} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function recordTransaction(world: World, model: Model, id: string, kind: TxKind, fate: Fate, agent?: { awaiting: boolean }): Promise<any> {
  if (model.txs.has(id)) throw new Error(`transaction ${id} was started twice`);
  const t = await fetchTransaction(world, id);
  model.txs.set(id, {
    id,
    kind,
    ...fate,
    ...(agent ? { byAgent: true, ...(agent.awaiting ? { awaiting: true } : {}) } : {}),
    startedAtMs: model.nowMs,
    sent: { amount: t.sentAmount.amount, currency: t.sentAmount.currency.code },
    received: { amount: t.receivedAmount.amount, currency: t.receivedAmount.currency.code },
  });
  return t;
}

function fateOf(q: QuoteModel): Fate {
  return { ...(q.suffix !== undefined ? { suffix: q.suffix } : {}), ...(q.uma !== undefined ? { uma: q.uma } : {}), ...(q.mismatch !== undefined ? { mismatch: q.mismatch } : {}) };
}

/** Records the payment a quote started, checking that it carries the quote's amounts. */
async function recordQuotePayment(world: World, model: Model, quote: any, q: QuoteModel, agent?: { awaiting: boolean }): Promise<string> {
  const t = await recordTransaction(world, model, quote.transactionId, q.kind, fateOf(q), agent);
  if (!q.mismatch && (t.sentAmount.amount !== quote.totalSendingAmount || t.receivedAmount.amount !== quote.totalReceivingAmount)) {
    throw new Error(`(3) transaction ${t.id} sent ${t.sentAmount.amount} / received ${t.receivedAmount.amount}; its quote ${quote.id} said ${quote.totalSendingAmount} / ${quote.totalReceivingAmount}`);
  }
  model.executed.push(q);
  return `${q.kind} ${t.sentAmount.amount} ${t.sentAmount.currency.code} -> ${t.receivedAmount.amount} ${t.receivedAmount.currency.code}: ${t.status}`;
}

async function execute(world: World, model: Model, q: QuoteModel, withKey: boolean): Promise<Outcome> {
  const key = withKey ? `key-${++model.keys}` : undefined;
  const res = await world.client.post(`/quotes/${q.quoteId}/execute`, {}, key ? { 'idempotency-key': key } : {});
  const refused = refusal('execute', res);
  const expired = model.nowMs > q.createdAtMs + QUOTE_LIFETIME_MS;
  if (refused) {
    if (expired && res.body?.code !== 'QUOTE_EXPIRED') throw new Error(`executing an expired quote answered ${refused}, not QUOTE_EXPIRED`);
    return { moved: false, note: refused };
  }
  if (expired) throw new Error(`quote ${q.quoteId}, created ${(model.nowMs - q.createdAtMs) / 1000} s ago, was executed after it expired`);
  return { moved: true, note: await recordQuotePayment(world, model, res.body, key ? { ...q, key } : q) };
}

/** Creates a quote and executes it now, or keeps it for an executeDeferred. */
async function quoteAndExecute(world: World, model: Model, body: Record<string, unknown>, q: Omit<QuoteModel, 'quoteId' | 'createdAtMs'>, deferIt: boolean, key: boolean): Promise<Outcome> {
  const res = await world.client.post('/quotes', body);
  const refused = refusal('quote', res);
  if (refused) return { moved: false, note: refused };
  const quote: QuoteModel = { ...q, quoteId: res.body.id, createdAtMs: model.nowMs };
  if (deferIt) {
    model.deferred.push(quote);
    return { moved: false, note: `quote ${res.body.totalSendingAmount} ${res.body.sendingCurrency.code} -> ${res.body.totalReceivingAmount} ${res.body.receivingCurrency.code}, kept for later` };
  }
  return execute(world, model, quote, key);
}

/** The ext-th external account (cyclically) among those in `currency`, or among the others. */
function pickExternal(accounts: ExternalRef[], ext: number, currency: string, same: boolean): ExternalRef {
  const candidates = accounts.filter((a) => (a.currency === currency) === same);
  return candidates[ext % candidates.length]!;
}

async function availableOf(world: World, accountId: string): Promise<number> {
  const list = (await world.client.get('/customers/internal-accounts?limit=100')).body.data as any[];
  return list.find((a) => a.id === accountId)!.balance.amount;
}

/**
 * The agent's submission answered as its policy says: 403 with the limit it
 * passes; else 400 INSUFFICIENT_FUNDS only when the money is not there;
 * else accepted, PENDING_APPROVAL or APPROVED as the mode and threshold say.
 */
function checkAgentAnswer(world: World, model: Model, res: { status: number; body: any }, amount: number, available: number, accepted: number): { ran: false; note: string } | { ran: true; pending: boolean } {
  const refused = refusal('agent action', res);
  const verdict = policyVerdict(world, model, amount);
  if ('refused' in verdict) {
    if (res.status !== 403 || res.body.code !== 'VELOCITY_LIMIT_EXCEEDED' || res.body.details?.limit !== verdict.refused) {
      throw new Error(`(6) an agent action worth ${amount} passes ${verdict.refused} (usage ${JSON.stringify(usageAt(model.usage, model.nowMs))}), yet it answered ${res.status} ${JSON.stringify(res.body)}`);
    }
    return { ran: false, note: `agent: 403 ${verdict.refused}` };
  }
  if (refused) {
    if (res.body.code === 'INSUFFICIENT_FUNDS' && available >= amount) throw new Error(`agent action of ${amount} refused for funds with ${available} available`);
    if (res.body.code !== 'INSUFFICIENT_FUNDS' && res.body.code !== 'TRANSACTION_SIZE_LIMIT_EXCEEDED') throw new Error(`(6) an agent action within its policy answered ${refused}`);
    return { ran: false, note: refused };
  }
  const status = verdict.pending ? 'PENDING_APPROVAL' : 'APPROVED';
  if (res.status !== accepted || res.body.status !== status) throw new Error(`(6) an agent action worth ${amount} answered ${res.status} ${res.body.status}; its policy says ${status} (mode ${world.agent.mode})`);
  return { ran: true, pending: verdict.pending };
}

/** The agent executes one of its quotes. */
async function agentExecute(world: World, model: Model, q: QuoteModel): Promise<Outcome> {
  const quote = (await world.agent.as.get(`/agents/me/quotes/${q.quoteId}`)).body;
  const available = await availableOf(world, world.internals[0]!.id);
  const res = await world.agent.as.post(`/agents/me/quotes/${q.quoteId}/execute`);
  if (model.nowMs > q.createdAtMs + QUOTE_LIFETIME_MS) {
    refusal('agent execute', res);
    if (res.body?.code !== 'QUOTE_EXPIRED') throw new Error(`the agent executing an expired quote answered ${res.status} ${JSON.stringify(res.body)}`);
    return { moved: false, note: 'agent: QUOTE_EXPIRED' };
  }
  const amount: number = quote.totalSendingAmount;
  const submitted = checkAgentAnswer(world, model, res, amount, available, 200);
  if (!submitted.ran) return { moved: false, note: submitted.note };
  const note = await recordQuotePayment(world, model, quote, q, { awaiting: submitted.pending });
  if (submitted.pending) model.pending.push({ actionId: res.body.id, transactionId: quote.transactionId, amount, quoteCreatedAtMs: q.createdAtMs });
  else countUsage(model, amount);
  return { moved: true, note: `agent ${res.body.status}: ${note}` };
}

async function run(world: World, model: Model, action: Action): Promise<Outcome> {
  const { client, internals, externals } = world;
  switch (action.kind) {
    case 'fund': {
      const account = internals[action.acct]!;
      const res = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: action.amount });
      const refused = refusal('fund', res);
      if (refused) throw new Error(`funding ${account.id} was refused: ${refused}`);
      // The funding is the newest payment into the account: an incoming payment, COMPLETED at once.
      const newest = await client.get(`/transactions?receiverAccountIdentifier=${encodeURIComponent(account.id)}&limit=1`);
      const t = await recordTransaction(world, model, newest.body.data[0].id, 'FUNDING', {});
      if (t.type !== 'INCOMING' || t.status !== 'COMPLETED' || t.receivedAmount.amount !== action.amount || t.receivedAmount.currency.code !== account.currency || t.description !== 'Internal account funding') {
        throw new Error(`funding ${action.amount} ${account.currency} of ${account.id} recorded ${JSON.stringify(t)}`);
      }
      return { moved: true, note: `funded ${action.amount} ${account.currency}` };
    }
    case 'payout': {
      const from = internals[action.from]!;
      const destination = externals[from.customer]![action.ext]!;
      const body = {
        source: { sourceType: 'ACCOUNT', accountId: from.id },
        destination: { destinationType: 'ACCOUNT', accountId: destination.id },
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
      };
      return quoteAndExecute(world, model, body, { kind: 'QUOTE_PAYOUT', suffix: destination.suffix }, action.defer, action.key);
    }
    case 'internal': {
      const body = {
        source: { sourceType: 'ACCOUNT', accountId: internals[action.from]!.id },
        destination: { destinationType: 'ACCOUNT', accountId: internals[action.to]!.id },
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
      };
      return quoteAndExecute(world, model, body, { kind: 'INTERNAL' }, action.defer, action.key);
    }
    case 'umaPay': {
      const receiver = UMA_RECEIVERS[action.receiver]!;
      const address = receiver.startsWith('customer:') ? world.customers[Number(receiver.slice('customer:'.length))]!.umaAddress : receiver;
      const lookup = await client.get(`/receiver/uma/${encodeURIComponent(address)}`);
      const refusedLookup = refusal('UMA lookup', lookup);
      if (refusedLookup) throw new Error(`looking up ${address} was refused: ${refusedLookup}`);
      const body = {
        source: { sourceType: 'ACCOUNT', accountId: internals[action.from]!.id },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, ...(receiver.startsWith('customer:') && action.currency ? { currency: action.currency } : {}) },
        lookupId: lookup.body.lookupId,
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
      };
      return quoteAndExecute(world, model, body, { kind: 'UMA_PAY', uma: receiver }, action.defer, action.key);
    }
    case 'pull': {
      const to = internals[action.to]!;
      // Into a platform account: from customer 0's external accounts.
      const source = externals[Math.max(0, to.customer)]![action.ext]!;
      const res = await client.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: source.id },
        destination: { destinationType: 'ACCOUNT', accountId: to.id },
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
        immediatelyExecute: true,
      });
      const refused = refusal('pull quote', res);
      if (refused) return { moved: false, note: refused };
      return { moved: true, note: await recordQuotePayment(world, model, res.body, { quoteId: res.body.id, kind: 'PULL', suffix: source.suffix, createdAtMs: model.nowMs }) };
    }
    case 'transferIn': {
      const to = internals[action.to]!;
      const source = pickExternal(externals[Math.max(0, to.customer)]!, action.ext, to.currency, action.sameCurrency);
      const res = await client.post('/transfer-in', { source: { accountId: source.id }, destination: { accountId: to.id }, amount: action.amount });
      const refused = refusal('transfer-in', res);
      if (refused) {
        if (source.currency === to.currency) throw new Error(`a same-currency transfer-in was refused: ${refused}`);
        return { moved: false, note: refused };
      }
      const t = await recordTransaction(world, model, res.body.id, 'PULL', { suffix: source.suffix });
      return { moved: true, note: `transfer-in ${action.amount} ${to.currency} from ${source.suffix}: ${t.status}` };
    }
    case 'transferOut': {
      const from = internals[action.from]!;
      const destination = pickExternal(externals[from.customer]!, action.ext, from.currency, action.sameCurrency);
      const res = await client.post('/transfer-out', { source: { accountId: from.id }, destination: { accountId: destination.id }, amount: action.amount });
      const refused = refusal('transfer-out', res);
      if (refused) {
        if (destination.currency !== from.currency && res.body?.code !== 'INVALID_CURRENCY') throw new Error(`a cross-currency transfer-out answered ${refused}`);
        return { moved: false, note: refused };
      }
      const t = await recordTransaction(world, model, res.body.id, 'TRANSFER_OUT', { suffix: destination.suffix });
      return { moved: true, note: `transfer-out ${action.amount} ${from.currency} to ${destination.suffix}: ${t.status}` };
    }
    case 'umaReceive': {
      const res = await client.post('/sandbox/uma/receive', {
        senderUmaAddress: action.sender,
        customerId: world.customers[action.customer]!.id,
        receivingCurrencyCode: action.currency,
        receivingCurrencyAmount: action.amount,
      });
      const refused = refusal('UMA receive', res);
      if (refused) return { moved: false, note: refused };
      // MXN: the customer has no MXN account, so its primary (USD) account receives, converted.
      const target = internals.find((a) => a.customer === action.customer && a.currency === (action.currency === 'MXN' ? 'USD' : action.currency))!;
      if (res.body.destination.accountId !== target.id) throw new Error(`UMA ${action.currency} for customer ${action.customer} landed in ${res.body.destination.accountId}, not ${target.id}`);
      const t = await recordTransaction(world, model, res.body.id, 'UMA_IN', { uma: action.sender });
      return { moved: true, note: `UMA in ${t.sentAmount.amount} ${action.currency} -> ${t.receivedAmount.amount} ${t.receivedAmount.currency.code}: ${t.status}` };
    }
    case 'realtime': {
      let destination: Record<string, unknown>;
      let fate: Fate;
      let customer: number;
      if (action.toKind === 'uma') {
        const address = world.customers[action.customer]!.umaAddress;
        const lookup = await client.get(`/receiver/uma/${encodeURIComponent(address)}`);
        const refusedLookup = refusal('UMA lookup', lookup);
        if (refusedLookup) throw new Error(`looking up ${address} was refused: ${refusedLookup}`);
        destination = { destination: { destinationType: 'UMA_ADDRESS', umaAddress: address }, lookupId: lookup.body.lookupId };
        fate = { uma: `customer:${action.customer}` };
        customer = action.customer;
      } else {
        const account = action.toKind === 'external' ? externals[action.customer]![action.ext]! : internals[action.to]!;
        destination = { destination: { destinationType: 'ACCOUNT', accountId: account.id } };
        fate = 'suffix' in account ? { suffix: (account as ExternalRef).suffix } : {};
        customer = account.customer;
      }
      const customerId = customer >= 0 ? world.customers[customer]!.id : undefined;
      const res = await client.post('/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', currency: action.currency, ...(customerId ? { customerId } : {}) },
        ...destination,
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
      });
      const refusedQuote = refusal('real-time quote', res);
      if (refusedQuote) return { moved: false, note: refusedQuote };
      const quote = res.body;
      const total: number = quote.totalSendingAmount;
      const pay =
        action.pay === 'wrongCurrency'
          ? { quoteId: quote.id, currencyCode: action.currency === 'USD' ? 'EUR' : 'USD' }
          : action.pay === 'mismatch'
            ? { quoteId: quote.id, currencyCode: action.currency, currencyAmount: total > 1 ? total - 1 : total + 1 }
            : { quoteId: quote.id, currencyCode: action.currency };
      const sent = await client.post('/sandbox/send', pay);
      const refused = refusal('sandbox send', sent);
      if (refused) {
        if (action.pay !== 'wrongCurrency') throw new Error(`paying real-time quote ${quote.id} (${action.pay}) was refused: ${refused}`);
        model.unpaid.push({ quote, createdAtMs: model.nowMs });
        return { moved: false, note: refused };
      }
      if (action.pay === 'wrongCurrency') throw new Error(`real-time quote ${quote.id} in ${action.currency} was paid in ${pay.currencyCode}`);
      const q: QuoteModel = {
        quoteId: quote.id,
        kind: 'REALTIME',
        createdAtMs: model.nowMs,
        ...fate,
        ...(action.pay === 'mismatch' ? { mismatch: true } : {}),
      };
      if (sent.body.id !== quote.transactionId) throw new Error(`/sandbox/send started ${sent.body.id}; quote ${quote.id} names ${quote.transactionId}`);
      return { moved: true, note: await recordQuotePayment(world, model, quote, q) };
    }
    case 'advance': {
      const res = await client.post('/__admin/clock/advance', { seconds: action.seconds });
      const refused = refusal('clock advance', res);
      if (refused) throw new Error(`clock advance refused: ${refused}`);
      model.nowMs += action.seconds * 1000;
      // Real-time-funded quotes nobody paid have expired: their payments opened EXPIRED.
      for (const unpaid of model.unpaid.filter((u) => u.createdAtMs + 300_000 <= model.nowMs)) {
        model.unpaid.splice(model.unpaid.indexOf(unpaid), 1);
        await recordTransaction(world, model, unpaid.quote.transactionId, 'REALTIME', { expired: true });
      }
      // Due jobs may move money: checked like any other action.
      return { moved: true, note: `clock +${action.seconds} s, ran ${res.body.ran.length} job(s)` };
    }
    case 'executeDeferred': {
      if (model.deferred.length === 0) return { moved: false, note: 'nothing kept for later' };
      const index = action.pick % model.deferred.length;
      const outcome = await execute(world, model, model.deferred[index]!, action.key);
      if (outcome.moved) model.deferred.splice(index, 1);
      return outcome;
    }
    case 'agentPayout': {
      const destination = externals[0]![action.ext]!;
      const res = await world.agent.as.post('/agents/me/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: internals[0]!.id },
        destination: { destinationType: 'ACCOUNT', accountId: destination.id },
        lockedCurrencySide: action.side,
        lockedCurrencyAmount: action.amount,
      });
      const refused = refusal('agent quote', res);
      if (refused) return { moved: false, note: refused };
      const q: QuoteModel = { quoteId: res.body.id, kind: 'QUOTE_PAYOUT', suffix: destination.suffix, createdAtMs: model.nowMs };
      if (action.defer) {
        model.agentDeferred.push(q);
        return { moved: false, note: `agent quote ${res.body.totalSendingAmount} USD, kept for later` };
      }
      return agentExecute(world, model, q);
    }
    case 'agentExecuteDeferred': {
      if (model.agentDeferred.length === 0) return { moved: false, note: 'the agent kept nothing for later' };
      const index = action.pick % model.agentDeferred.length;
      const outcome = await agentExecute(world, model, model.agentDeferred[index]!);
      if (outcome.moved) model.agentDeferred.splice(index, 1);
      return outcome;
    }
    case 'agentTransferOut':
    case 'agentTransferIn': {
      const out = action.kind === 'agentTransferOut';
      const external = pickExternal(externals[0]!, action.ext, 'USD', true);
      const [source, destination] = out ? [internals[0]!.id, external.id] : [external.id, internals[0]!.id];
      const available = out ? await availableOf(world, internals[0]!.id) : Number.POSITIVE_INFINITY;
      const res = await world.agent.as.post(`/agents/me/${out ? 'transfer-out' : 'transfer-in'}`, { source: { accountId: source }, destination: { accountId: destination }, amount: action.amount });
      const submitted = checkAgentAnswer(world, model, res, action.amount, available, 201);
      if (!submitted.ran) return { moved: false, note: submitted.note };
      const t = await recordTransaction(world, model, res.body.transaction.id, out ? 'TRANSFER_OUT' : 'PULL', { suffix: external.suffix }, { awaiting: submitted.pending });
      if (submitted.pending) model.pending.push({ actionId: res.body.id, transactionId: t.id, amount: action.amount });
      else countUsage(model, action.amount);
      return { moved: true, note: `agent ${out ? 'transfer-out' : 'transfer-in'} ${action.amount} USD (${external.suffix}): ${res.body.status}, ${t.status}` };
    }
    case 'agentOutside': {
      // Another customer's account is 404; the customer's EUR account is outside allowedAccountIds: 403.
      const [from, to, want] =
        action.where === 'otherCustomer'
          ? [internals[2]!.id, externals[1]![0]!.id, { status: 404, code: 'REFERENCE_NOT_FOUND' }]
          : [internals[1]!.id, pickExternal(externals[0]!, 0, 'EUR', true).id, { status: 403, code: 'FORBIDDEN' }];
      const res = await world.agent.as.post('/agents/me/transfer-out', { source: { accountId: from }, destination: { accountId: to }, amount: 100 });
      refusal('agent outside', res);
      if (res.status !== want.status || res.body.code !== want.code) throw new Error(`the agent's transfer from ${from} (${action.where}) answered ${res.status} ${JSON.stringify(res.body)}, not ${want.status} ${want.code}`);
      return { moved: false, note: `agent ${action.where}: ${res.status} ${res.body.code}` };
    }
    case 'agentDecide': {
      if (model.pending.length === 0) return { moved: false, note: 'nothing awaits approval' };
      const index = action.pick % model.pending.length;
      const p = model.pending[index]!;
      const verb = action.approve ? 'approve' : 'reject';
      const url = (via: 'action' | 'transaction', v: string) => (via === 'action' ? `/agents/${world.agent.id}/actions/${p.actionId}/${v}` : `/transactions/${p.transactionId}/${v}`);
      const res = await client.post(url(action.via, verb), action.approve ? undefined : { reason: 'the model said no' });
      const refused = refusal(`${verb} through the ${action.via}`, res);
      if (refused) throw new Error(`deciding a pending agent action was refused: ${refused}`);
      model.pending.splice(index, 1);
      const tx = model.txs.get(p.transactionId)!;
      delete tx.awaiting;
      let want: string;
      if (!action.approve) {
        // A rejected payout ends FAILED (the outgoing statuses have no REJECTED); a rejected pull REJECTED.
        tx.decided = tx.kind === 'PULL' ? 'REJECTED' : 'FAILED';
        want = 'REJECTED';
      } else if (p.quoteCreatedAtMs !== undefined && model.nowMs > p.quoteCreatedAtMs + QUOTE_LIFETIME_MS) {
        tx.decided = 'FAILED';
        want = 'FAILED';
      } else {
        tx.startedAtMs = model.nowMs;
        countUsage(model, p.amount);
        want = 'APPROVED';
      }
      const shown = (await world.agent.as.get(`/agents/me/actions/${p.actionId}`)).body;
      if (shown.status !== want) throw new Error(`agent action ${p.actionId} is ${shown.status} after ${verb} through the ${action.via}; want ${want}`);
      if (action.twice) {
        const other = action.via === 'action' ? 'transaction' : 'action';
        const again = await client.post(url(other, action.approve ? 'reject' : 'approve'));
        refusal('second decision', again);
        if (again.status !== 409 || again.body.code !== 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL') throw new Error(`a second decision through the ${other} answered ${again.status} ${JSON.stringify(again.body)}`);
      }
      return { moved: true, note: `${verb} through the ${action.via}: ${want}` };
    }
    case 'mint':
    case 'burn':
      return stablecoinOperation(world, model, action);
    case 'fundOperation': {
      const ids = [...model.ops.keys()];
      if (ids.length === 0) return { moved: false, note: 'no stablecoin operation yet' };
      const op = model.ops.get(ids[action.pick % ids.length]!)!;
      const waiting = predictOperation(op, model.nowMs, model.ops).has('PENDING_FUNDING');
      const res = await client.post(`/sandbox/stablecoin-operations/${op.id}/fund`, {});
      refusal('fund stablecoin operation', res);
      if (waiting && res.status !== 200) throw new Error(`funding ${op.id}, PENDING_FUNDING, answered ${res.status} ${JSON.stringify(res.body)}`);
      if (!waiting && (res.status !== 409 || res.body.code !== 'INVALID_STATE_TRANSITION')) throw new Error(`funding ${op.id}, not waiting, answered ${res.status} ${JSON.stringify(res.body)}`);
      if (!waiting) return { moved: false, note: `fund ${op.source} ${op.type}: 409` };
      op.fundedAtMs = model.nowMs;
      return { moved: true, note: `funded ${op.source} ${op.type} ${op.id}` };
    }
    case 'replayOperation': {
      const fresh = model.opRequests.filter((r) => model.nowMs - r.atMs < 86_400_000);
      if (fresh.length === 0) return { moved: false, note: 'no mint or burn key within 24 hours' };
      const request = fresh[action.pick % fresh.length]!;
      const body = action.same ? request.body : { ...request.body, description: 'another body' };
      const res = await client.post(request.path, body, { 'idempotency-key': request.key });
      refusal('replay', res);
      if (action.same && (res.status !== 201 || res.body.id !== request.id)) throw new Error(`replaying ${request.path} with its key answered ${res.status} ${JSON.stringify(res.body)}, not ${request.id}`);
      if (!action.same && (res.status !== 409 || res.body.code !== 'CONFLICT')) throw new Error(`another body with the key of ${request.id} answered ${res.status} ${JSON.stringify(res.body)}`);
      return { moved: false, note: `replay (${action.same ? 'same body' : 'other body'}): ${res.status}` };
    }
    case 'reexecute': {
      if (model.executed.length === 0) return { moved: false, note: 'nothing executed yet' };
      const q = model.executed[action.pick % model.executed.length]!;
      // foreignKey: the Idempotency-Key another quote was executed with.
      const foreign = model.executed.find((other) => other.key !== undefined && other.quoteId !== q.quoteId)?.key;
      const mode = (action.mode === 'sameKey' && q.key === undefined) || (action.mode === 'foreignKey' && foreign === undefined) ? 'noKey' : action.mode;
      const key = mode === 'sameKey' ? q.key! : mode === 'otherKey' ? `key-${++model.keys}` : mode === 'foreignKey' ? foreign! : undefined;
      const res = await client.post(`/quotes/${q.quoteId}/execute`, {}, key ? { 'idempotency-key': key } : {});
      refusal('re-execute', res);
      if (mode === 'sameKey') {
        if (res.status !== 200 || res.body.transactionId === undefined) throw new Error(`re-executing ${q.quoteId} with its own Idempotency-Key answered ${res.status} ${JSON.stringify(res.body)}`);
      } else if (res.status !== 409) {
        throw new Error(`re-executing ${q.kind} quote ${q.quoteId} (${mode}) answered ${res.status} ${JSON.stringify(res.body)}, not 409`);
      }
      return { moved: false, note: `re-execute (${mode}): ${res.status}` };
    }
  }
}

/** A customer's USD external account, by index: customer n % 2, suffix floor(n / 2) % 7. */
function usdExternal(world: World, n: number): ExternalRef {
  return world.externals[n % 2]![Math.floor(n / 2) % USD_SUFFIXES.length]!;
}

/** POST a mint or burn and check the answer against the rules: the provider's magic amounts, then the funds of an internal source. */
async function stablecoinOperation(world: World, model: Model, action: Extract<Action, { kind: 'mint' | 'burn' }>): Promise<Outcome> {
  const { client, stablecoin } = world;
  const op: Omit<OperationModel, 'id'> = { type: action.kind === 'mint' ? 'MINT' : 'BURN', source: action.source, cents: action.cents, createdAtMs: model.nowMs };
  let body: Record<string, unknown>;
  if (action.kind === 'mint') {
    let fundingSource: Record<string, unknown> = { type: action.source };
    if (action.source === 'ACH_DEBIT' || action.source === 'SAME_DAY_ACH_DEBIT') {
      const debit = usdExternal(world, action.from);
      fundingSource = { type: action.source, externalAccountId: debit.id };
      op.debitSuffix = debit.suffix;
    } else if (action.source === 'SERVICE_INTERNAL_ACCOUNT') {
      op.hold = world.internals[USD_INTERNALS[action.from % USD_INTERNALS.length]!]!.id;
      fundingSource = { type: action.source, accountId: op.hold };
    } else if (action.source === 'PROVIDER_INTERNAL_BALANCE') {
      fundingSource = { type: action.source, sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' };
    }
    if (action.to === 'ACME') op.credit = stablecoin.acme;
    body = { amount: String(action.cents * 10_000), fundingSource, destination: { accountId: action.to === 'ACME' ? stablecoin.acme : stablecoin.spark } };
  } else {
    const payout = usdExternal(world, action.ext);
    op.payoutSuffix = payout.suffix;
    if (action.source === 'SERVICE_INTERNAL_ACCOUNT') op.hold = stablecoin.acme;
    body = {
      amount: String(action.cents * 10_000),
      source: action.source === 'SERVICE_INTERNAL_ACCOUNT' ? { type: action.source, accountId: stablecoin.acme } : { type: action.source },
      destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: payout.id, rail: action.rail },
    };
  }
  const available = op.hold !== undefined ? (await observe(world)).accounts.get(op.hold)!.balance : Infinity;
  const path = `/stablecoins/${stablecoin.id}/${action.kind === 'mint' ? 'mints' : 'burns'}`;
  const key = `op-${++model.keys}`;
  const res = await client.post(path, body, { 'idempotency-key': key });
  const magic = action.cents % 1000;
  const expected = magic === 503 ? 'SERVICE_UNAVAILABLE' : magic === 502 ? 'STABLECOIN_PROVIDER_ERROR' : available < action.cents ? 'INSUFFICIENT_FUNDS' : undefined;
  if (expected === 'SERVICE_UNAVAILABLE' && res.status === 503 && res.body.code === expected) return { moved: false, note: `${action.kind} ${action.cents}: 503` };
  const refused = refusal(action.kind, res);
  if (refused || expected) {
    if (res.body?.code !== expected) throw new Error(`${action.kind} of ${action.cents} cents from ${action.source} answered ${res.status} ${JSON.stringify(res.body)}; the rules say ${expected ?? '201'} (available ${available})`);
    return { moved: false, note: refused ?? '' };
  }
  if (res.status !== 201) throw new Error(`${action.kind} answered ${res.status} ${JSON.stringify(res.body)}`);
  model.ops.set(res.body.id, { ...op, id: res.body.id });
  model.opRequests.push({ path, body, key, id: res.body.id, atMs: model.nowMs });
  return { moved: true, note: `${action.kind} ${action.cents} cents from ${action.source}: ${res.body.status}` };
}

function describeAction(a: Action): string {
  const { kind, ...rest } = a;
  return `${kind} ${JSON.stringify(rest)}`;
}

// ---------------------------------------------------------------- the property

/** One run: a fresh sandbox, the opening fundings, then the actions, checking the invariants after each. */
async function runScenario(startMs: number, openingFunds: readonly number[], moves: Action[], agentMode: AgentMode): Promise<void> {
  // Opening fundings of the customers' internal accounts, so that most payouts have money to move.
  const actions: Action[] = [...openingFunds.map((amount, acct) => ({ kind: 'fund' as const, acct, amount })), ...moves];
  const world = await buildWorld(startMs, agentMode);
  const model: Model = { nowMs: world.clockMs, txs: new Map(), deferred: [], executed: [], keys: 0, ops: new Map(), opRequests: [], agentDeferred: [], pending: [], unpaid: [], usage: usageAt({ day: '', count: 0, daily: 0, month: '', monthly: 0 }, world.clockMs) };
  const trace: string[] = [];
  const fail = (why: string): never => {
    throw new Error(`${why}\n  after:\n    ${trace.join('\n    ')}`);
  };
  let before = await observe(world);
  const first = violation(world, model, before);
  if (first) fail(`before any action: ${first}`);
  const seenEvents = new Set<string>();
  // What building the world announced: each account's last event carries what it shows.
  const opening = balanceEventsBroken({ ...before, accounts: new Map() }, before, await newBalanceEvents(world, seenEvents));
  if (opening) fail(`before any action: ${opening}`);
  for (const [i, action] of actions.entries()) {
    let outcome: Outcome;
    try {
      outcome = await run(world, model, action);
    } catch (err) {
      trace.push(`#${i} ${describeAction(action)} => THREW`);
      // A 500 says "the request was not applied": say what it left behind, if anything.
      const left = err instanceof ServerError ? changes(before, await observe(world)) : undefined;
      return fail(`${(err as Error).message}${left ? `\n  and it left behind: ${left}` : ''}`);
    }
    trace.push(`#${i} ${describeAction(action)} => ${outcome.note}`);
    const after = await observe(world);
    if (!outcome.moved) {
      const changed = changes(before, after);
      if (changed) fail(`(5) an action that moves no money changed something: ${changed}`);
    }
    const broken = violation(world, model, after) ?? balanceEventsBroken(before, after, await newBalanceEvents(world, seenEvents));
    if (broken) fail(broken);
    before = after;
  }
}

type Scenario = [startMs: number, openingFunds: number[], moves: Action[], agentMode: AgentMode];

/** Every fate once, whatever the random runs pick: each suffix, sender and receiver, each delay reached exactly. */
const TOUR: Scenario = [
  Date.UTC(2025, 5, 1, 12),
  [100_000, 100_000, 100_000, 100_000],
  [
    ...Array.from({ length: EXTERNALS_PER_CUSTOMER }, (_, ext): Action => ({ kind: 'payout', from: ext < USD_SUFFIXES.length ? 0 : 1, ext, side: 'SENDING', amount: 1_000, defer: false, key: ext % 2 === 0 })),
    { kind: 'payout', from: 2, ext: 0, side: 'RECEIVING', amount: 2_000, defer: true, key: false },
    { kind: 'internal', from: 2, to: 0, side: 'SENDING', amount: 2_000, defer: true, key: false },
    { kind: 'internal', from: 0, to: 3, side: 'RECEIVING', amount: 1_500, defer: false, key: true },
    { kind: 'internal', from: 1, to: 4, side: 'SENDING', amount: 1_500, defer: false, key: false },
    ...UMA_RECEIVERS.map((_, receiver): Action => ({ kind: 'umaPay', from: 2, receiver, currency: receiver === 1 ? 'EUR' : null, side: 'SENDING', amount: 700, defer: false, key: false })),
    ...[0, 1, 2, 3, 4].map((ext): Action => ({ kind: 'transferOut', from: 0, ext, sameCurrency: true, amount: 300 })),
    ...[0, 1, 2, 3, 4].map((ext): Action => ({ kind: 'transferIn', to: 2, ext, sameCurrency: true, amount: 300 })),
    { kind: 'pull', to: 1, ext: 4, side: 'SENDING', amount: 900 },
    { kind: 'pull', to: 5, ext: 9, side: 'RECEIVING', amount: 900 },
    ...UMA_SENDERS.map((sender, i): Action => ({ kind: 'umaReceive', customer: i % 2, sender, currency: (['USD', 'EUR', 'MXN', 'USD'] as const)[i]!, amount: 5_000 })),
    { kind: 'realtime', currency: 'USD', toKind: 'internal', to: 1, customer: 0, ext: 0, side: 'SENDING', amount: 4_000, pay: 'exact' },
    { kind: 'realtime', currency: 'EUR', toKind: 'external', to: 0, customer: 1, ext: 4, side: 'RECEIVING', amount: 4_000, pay: 'exact' },
    { kind: 'realtime', currency: 'USD', toKind: 'uma', to: 0, customer: 1, ext: 0, side: 'SENDING', amount: 4_000, pay: 'mismatch' },
    { kind: 'realtime', currency: 'USD', toKind: 'internal', to: 4, customer: 0, ext: 0, side: 'SENDING', amount: 4_000, pay: 'wrongCurrency' },
    { kind: 'reexecute', pick: 0, mode: 'sameKey' },
    { kind: 'reexecute', pick: 1, mode: 'noKey' },
    { kind: 'reexecute', pick: 2, mode: 'otherKey' },
    { kind: 'reexecute', pick: 1, mode: 'foreignKey' },
    { kind: 'advance', seconds: 30 },
    { kind: 'executeDeferred', pick: 0, key: true },
    { kind: 'umaPay', from: 2, receiver: 3, currency: null, side: 'RECEIVING', amount: 800, defer: true, key: false },
    { kind: 'advance', seconds: 300 },
    // 300 s old: still executable; 330 s old: QUOTE_EXPIRED.
    { kind: 'executeDeferred', pick: 1, key: false },
    { kind: 'executeDeferred', pick: 0, key: false },
    { kind: 'advance', seconds: 30 },
    // The agent, in AUTO mode: within policy at once (at the threshold too), above the threshold awaiting approval, past a limit refused.
    { kind: 'fund', acct: 0, amount: 100_000 },
    { kind: 'agentTransferOut', ext: 0, amount: 20_000 },
    { kind: 'agentTransferOut', ext: 4, amount: 20_001 },
    { kind: 'agentTransferIn', ext: 0, amount: 3_000 },
    { kind: 'agentPayout', ext: USD_SUFFIXES.length, side: 'SENDING', amount: 2_000, defer: false },
    { kind: 'agentPayout', ext: 0, side: 'SENDING', amount: 60_000, defer: false },
    { kind: 'agentPayout', ext: 0, side: 'RECEIVING', amount: 1_000, defer: true },
    { kind: 'agentOutside', where: 'otherCustomer' },
    { kind: 'agentOutside', where: 'notAllowed' },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'transaction', twice: true },
    { kind: 'advance', seconds: 30 },
    { kind: 'advance', seconds: 300 },
    { kind: 'agentExecuteDeferred', pick: 0 },
    { kind: 'advance', seconds: 86_400 },
  ],
  'AUTO',
];

/**
 * The agent in APPROVAL_REQUIRED mode, 10 minutes before a day and a month
 * boundary once the world is set up (5 minutes of the clock): every decision
 * on both paths, a second decision, an approval after the quote expired,
 * each limit reached and passed, and the counters
 * starting again on the next day (and month).
 */
const AGENT_TOUR: Scenario = [
  Date.UTC(2025, 5, 30, 23, 45),
  [100_000, 100_000, 100_000, 100_000],
  [
    { kind: 'agentTransferOut', ext: 0, amount: 10_000 },
    { kind: 'agentPayout', ext: 0, side: 'SENDING', amount: 5_000, defer: false },
    { kind: 'agentTransferIn', ext: 0, amount: 2_000 },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'action', twice: true },
    { kind: 'agentDecide', pick: 1, approve: false, via: 'transaction', twice: true },
    { kind: 'advance', seconds: 301 },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'transaction', twice: false },
    { kind: 'agentTransferOut', ext: 0, amount: 50_000 },
    { kind: 'agentTransferOut', ext: 0, amount: 50_001 },
    { kind: 'agentTransferOut', ext: 0, amount: 45_000 },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'action', twice: false },
    { kind: 'agentTransferOut', ext: 4, amount: 30_000 },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'action', twice: false },
    { kind: 'fund', acct: 0, amount: 100_000 },
    // 90,000 spent today: 30,001 passes the daily limit, 30,000 reaches it, then 1 passes it.
    { kind: 'agentTransferOut', ext: 0, amount: 30_001 },
    { kind: 'agentTransferOut', ext: 0, amount: 30_000 },
    { kind: 'agentDecide', pick: 0, approve: true, via: 'transaction', twice: false },
    { kind: 'agentTransferOut', ext: 0, amount: 1 },
    { kind: 'advance', seconds: 30 },
    { kind: 'advance', seconds: 270 },
    // A new day and a new month: the counters start again. Six actions reach the daily count; the seventh passes it.
    ...Array.from({ length: 6 }, (_, i): Action[] => [
      { kind: 'agentTransferOut', ext: 0, amount: 100 + i },
      { kind: 'agentDecide', pick: 0, approve: true, via: i % 2 === 0 ? 'action' : 'transaction', twice: i === 0 },
    ]).flat(),
    { kind: 'agentTransferIn', ext: 2, amount: 700 },
    { kind: 'advance', seconds: 86_400 },
    { kind: 'agentTransferIn', ext: 2, amount: 700 },
    { kind: 'agentDecide', pick: 0, approve: false, via: 'action', twice: false },
  ],
  'APPROVAL_REQUIRED',
];

/** Every stablecoin fate once: each funding source and burn source, the magic amounts, each payout suffix, funding, expiry, replays. */
const usdExt = (suffix: string, customer = 0) => 2 * USD_SUFFIXES.indexOf(suffix as (typeof USD_SUFFIXES)[number]) + customer;
const STABLECOIN_TOUR: Scenario = [
  Date.UTC(2026, 4, 20, 16, 40),
  [100_000, 100_000, 100_000, 100_000],
  [
    { kind: 'fund', acct: 4, amount: 50_000 },
    { kind: 'mint', source: 'WIRE', from: 0, to: 'SPARK', cents: 100 },
    { kind: 'mint', source: 'WIRE', from: 0, to: 'ACME', cents: 200 },
    { kind: 'mint', source: 'WIRE', from: 0, to: 'ACME', cents: 300 },
    { kind: 'mint', source: 'ACH_DEBIT', from: usdExt('000'), to: 'ACME', cents: 400 },
    { kind: 'mint', source: 'ACH_DEBIT', from: usdExt('002'), to: 'ACME', cents: 401 },
    { kind: 'mint', source: 'SAME_DAY_ACH_DEBIT', from: usdExt('005', 1), to: 'ACME', cents: 402 },
    { kind: 'mint', source: 'SAME_DAY_ACH_DEBIT', from: usdExt('006', 1), to: 'SPARK', cents: 403 },
    { kind: 'mint', source: 'SERVICE_INTERNAL_ACCOUNT', from: 0, to: 'ACME', cents: 10_000 },
    { kind: 'mint', source: 'SERVICE_INTERNAL_ACCOUNT', from: 2, to: 'SPARK', cents: 504 },
    { kind: 'mint', source: 'SERVICE_INTERNAL_ACCOUNT', from: 1, to: 'ACME', cents: 200_000 },
    { kind: 'mint', source: 'PROVIDER_INTERNAL_BALANCE', from: 0, to: 'ACME', cents: 5_000 },
    { kind: 'mint', source: 'PROVIDER_INTERNAL_BALANCE', from: 0, to: 'ACME', cents: 502 },
    { kind: 'mint', source: 'SERVICE_INTERNAL_ACCOUNT', from: 0, to: 'ACME', cents: 1_503 },
    { kind: 'fundOperation', pick: 1 },
    { kind: 'fundOperation', pick: 3 },
    { kind: 'replayOperation', pick: 0, same: true },
    { kind: 'replayOperation', pick: 6, same: true },
    { kind: 'replayOperation', pick: 1, same: false },
    { kind: 'advance', seconds: 35 },
    { kind: 'burn', source: 'SERVICE_INTERNAL_ACCOUNT', ext: usdExt('000'), rail: 'ACH_CREDIT', cents: 1_000 },
    { kind: 'burn', source: 'SERVICE_INTERNAL_ACCOUNT', ext: usdExt('002'), rail: 'WIRE', cents: 2_000 },
    { kind: 'burn', source: 'SERVICE_INTERNAL_ACCOUNT', ext: usdExt('005'), rail: 'RTP_CREDIT', cents: 3_000 },
    { kind: 'burn', source: 'SERVICE_INTERNAL_ACCOUNT', ext: usdExt('000'), rail: 'WIRE', cents: 100_000 },
    { kind: 'burn', source: 'EXTERNAL_ACCOUNT', ext: usdExt('003', 1), rail: 'SAME_DAY_ACH_CREDIT', cents: 700 },
    { kind: 'burn', source: 'EXTERNAL_ACCOUNT', ext: usdExt('007'), rail: 'WIRE', cents: 800 },
    { kind: 'burn', source: 'PROVIDER_INTERNAL_BALANCE', ext: usdExt('004'), rail: 'ACH_CREDIT', cents: 900 },
    { kind: 'burn', source: 'PROVIDER_INTERNAL_BALANCE', ext: usdExt('000'), rail: 'ACH_CREDIT', cents: 503 },
    { kind: 'fundOperation', pick: 14 },
    { kind: 'advance', seconds: 30 },
    { kind: 'advance', seconds: 30 },
    { kind: 'advance', seconds: 60 },
    { kind: 'advance', seconds: 180 },
    { kind: 'fundOperation', pick: 2 },
    { kind: 'advance', seconds: 604_800 },
    { kind: 'fundOperation', pick: 2 },
    { kind: 'replayOperation', pick: 0, same: true },
  ],
  'AUTO',
];

/**
 * Counterexamples found so far, replayed on every run:
 * - an incoming UMA payment in a currency the customer has no account in, worth less than
 *   one minor unit of its primary account, answered 500 and left a PENDING transaction behind.
 */
const REGRESSIONS: Scenario[] = [
  [Date.UTC(2025, 0, 1), [1, 1, 1, 1], [{ kind: 'umaReceive', customer: 0, sender: '$alice@example.com', currency: 'MXN', amount: 1 }], 'AUTO'],
  // A burn from the provider balance with nothing minted: FAILED when the provider takes it up.
  [Date.UTC(2025, 0, 1), [1, 1, 1, 1], [{ kind: 'burn', source: 'PROVIDER_INTERNAL_BALANCE', ext: 0, rail: 'WIRE', cents: 1 }, { kind: 'advance', seconds: 5 }], 'AUTO'],
];

describe('the ledger under random money movement', () => {
  it('never creates or destroys money outside funding and external payouts, and no balance goes negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.tuple(...Array.from({ length: CUSTOMER_ACCOUNTS }, () => fc.integer({ min: 1, max: 100_000 }))),
        fc.array(actionArb, { minLength: 1, maxLength: 25, size: 'max' }),
        fc.constantFrom<AgentMode>('AUTO', 'APPROVAL_REQUIRED'),
        runScenario,
      ),
      { numRuns: 40, examples: [TOUR, AGENT_TOUR, STABLECOIN_TOUR, ...REGRESSIONS] },
    );
    // Shrinking a counterexample can take a while; a passing run takes a few seconds.
  }, 180_000);
});
