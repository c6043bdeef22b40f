/** The scenario list itself (the presets as the compiled CLI loads them: compiled.test.ts). */
import { describe, expect, it } from 'vitest';
import { SCENARIO_NAMES, scenarios } from '../../scenarios/index.js';
import { makeSandbox } from '../helpers.js';

/** Each preset and its description, as listed: a fixture preset's is its file's `description`. */
const LISTED = [
  ['empty', 'Nothing but the platform accounts every tenant starts with'],
  ['starter', 'An individual and a business with $1,000.00 each, and USD/EUR external accounts with MATCHED, PARTIAL_MATCH and failing-transfer suffixes'],
  [
    'kyc-matrix',
    "An unregulated platform with complete individuals (fullName 001/002/003/other) and businesses (registrationNumber 001/002/003/other, owners' lastName 001/002/other), so POST /verifications gives each row's outcome; after PATCH /config {isRegulatedFinancialInstitution: true} suffixes apply at creation to customers created afterwards",
  ],
  [
    'payouts',
    'A sender with $10,000.00 in USD and USD external accounts ending 000 and 002-007, one per transfer and quote-execution outcome; the UMA receivers $success.usd, $success.eur, $success.mxn, $pending.long.usd and $fail.compliance.usd @sandbox.uma.local work as destinations too',
  ],
  ['wallet', 'Embedded wallets on, and a customer (wallet@example.com) whose EMBEDDED_WALLET holds $500.00 and has an EMAIL_OTP credential; the OTP is always 000000'],
  ['cards', 'A regulated platform with an APPROVED cardholder, $1,000.00 in a USD account and an ACTIVE virtual card funded from it'],
  [
    'agents',
    'Customer agents-owner with $1,000.00 in USD and an external account, its connected agent (token agt_<client id in base64url>.sandbox-agent-token; approval above $100.00) and a $250.00 transfer-out awaiting approval',
  ],
] as const;

describe('SCENARIOS', () => {
  it('lists the seven presets in order, each with its one-line description', async () => {
    const res = await makeSandbox().client().get('/__admin/scenarios');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: LISTED.map(([name, description]) => ({ name, description })) });
    for (const [, description] of LISTED) expect(description).not.toMatch(/[\r\n]/);
    // The names the CLI and the server check without loading a preset.
    expect(SCENARIO_NAMES).toEqual(LISTED.map(([name]) => name));
  });

  it('four are fixture files shipped in scenarios/, two stay code', () => {
    const made = scenarios().map((s) => [s.name, 'file' in s ? s.file().replace(/\\/g, '/').split('/').slice(-2).join('/') : 'code']);
    expect(made).toEqual([
      ['empty', 'code'],
      ['starter', 'scenarios/starter.yaml'],
      ['kyc-matrix', 'code'],
      ['payouts', 'scenarios/payouts.yaml'],
      ['wallet', 'scenarios/wallet.yaml'],
      ['cards', 'scenarios/cards.yaml'],
      ['agents', 'code'],
    ]);
  });
});
