/**
 * Deterministic, well-formed funding instructions for an internal account:
 * the same account always shows the same numbers, and the numbers pass the
 * check-digit rules of their schemes (ABA, IBAN, CLABE).
 */
import { createHash } from 'node:crypto';
import type { PaymentInstructions } from './internal-accounts.schemas.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Pseudo-random bytes derived from the account id, read in order: one hash per account. */
class Entropy {
  private readonly bytes: Buffer;
  private at = 0;

  constructor(seed: string) {
    this.bytes = createHash('shake256', { outputLength: 160 }).update(seed).digest();
  }

  take(n: number): Buffer {
    // Stryker disable next-line ArithmeticOperator,StringLiteral,ConditionalExpression,EqualityOperator: no scheme reads more than 58 of the 160 derived bytes, so this guard never throws and its message is never seen
    if (this.at + n > this.bytes.length) throw new Error('funding instructions need more entropy than derived');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  digits(n: number): string {
    return this.chars(n, '0123456789');
  }

  chars(n: number, alphabet: string): string {
    let out = '';
    for (const b of this.take(n)) out += alphabet[b % alphabet.length];
    return out;
  }
}

/** ABA routing number: 8 digits plus the 3-7-1 check digit. */
function abaRoutingNumber(entropy: Entropy): string {
  const d = `0${entropy.digits(7)}`.split('').map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = d.reduce((acc, v, i) => acc + v * weights[i]!, 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

/** IBAN with correct ISO 7064 mod-97 check digits. */
function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** CLABE: 17 digits plus the 3-7-1 weighted check digit. */
function clabe(entropy: Entropy): string {
  const body = `002180${entropy.digits(11)}`;
  const weights = [3, 7, 1];
  const sum = body.split('').reduce((acc, c, i) => acc + ((Number(c) * weights[i % 3]!) % 10), 0);
  return body + String((10 - (sum % 10)) % 10);
}

function reference(entropy: Entropy): string {
  return `PSB${entropy.chars(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
}

const NOTE = 'Include the reference so the deposit is credited to this account.';

/** The networks a stablecoin deposit can arrive on (the public description's cryptoNetwork values that carry tokens), and the wallet type of each. */
export const STABLECOIN_NETWORKS = {
  SOLANA: 'SOLANA_WALLET',
  ETHEREUM: 'ETHEREUM_WALLET',
  BASE: 'BASE_WALLET',
  POLYGON: 'POLYGON_WALLET',
  TRON: 'TRON_WALLET',
  PLASMA: 'PLASMA_WALLET',
  SPARK: 'SPARK_WALLET',
} as const;

export type StablecoinNetwork = keyof typeof STABLECOIN_NETWORKS;

function addressOn(network: StablecoinNetwork, e: Entropy): string {
  switch (network) {
    case 'SOLANA':
      return e.chars(44, BASE58);
    case 'TRON':
      return `T${e.chars(33, BASE58)}`;
    case 'SPARK':
      return `sp1${e.chars(58, BECH32)}`;
    default:
      return `0x${e.take(20).toString('hex')}`;
  }
}

function walletInfo(currency: string, e: Entropy, network: StablecoinNetwork | undefined): Record<string, unknown> | undefined {
  if (network !== undefined) return { accountType: STABLECOIN_NETWORKS[network], address: addressOn(network, e), assetType: currency };
  switch (currency) {
    case 'USDC':
    case 'SOL':
      return { accountType: 'SOLANA_WALLET', address: e.chars(44, BASE58), assetType: currency === 'SOL' ? undefined : currency };
    case 'USDT':
    case 'TRX':
      return { accountType: 'TRON_WALLET', address: `T${e.chars(33, BASE58)}`, assetType: currency };
    case 'BTC':
    case 'USDB':
      return { accountType: 'SPARK_WALLET', address: `sp1${e.chars(58, BECH32)}`, assetType: currency };
    case 'ETH':
      return { accountType: 'ETHEREUM_WALLET', address: `0x${e.take(20).toString('hex')}` };
    case 'POL':
      return { accountType: 'POLYGON_WALLET', address: `0x${e.take(20).toString('hex')}` };
    // Stryker disable next-line ConditionalExpression: `return undefined` here and falling off the end of the function both return undefined
    default:
      return undefined;
  }
}

function bankInfo(currency: string, e: Entropy): Record<string, unknown> {
  const ref = reference(e);
  switch (currency) {
    case 'USD':
      return { accountType: 'USD_ACCOUNT', accountNumber: e.digits(12), routingNumber: abaRoutingNumber(e), bankName: 'Sandbox Bank', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], reference: ref };
    case 'EUR':
      return { accountType: 'EUR_ACCOUNT', iban: iban('DE', e.digits(18)), swiftCode: 'SNDBDEFFXXX', paymentRails: ['SEPA', 'SEPA_INSTANT'], reference: ref };
    case 'MXN':
      return { accountType: 'MXN_ACCOUNT', clabeNumber: clabe(e), paymentRails: ['SPEI'], reference: ref };
    case 'GBP':
      return { accountType: 'GBP_ACCOUNT', sortCode: e.digits(6), accountNumber: e.digits(8), paymentRails: ['FASTER_PAYMENTS'], reference: ref };
    case 'BRL':
      return { accountType: 'BRL_ACCOUNT', qrCode: `00020126360014br.gov.bcb.pix0114${e.digits(14)}5204000053039865802BR5912SANDBOX BANK6009SAO PAULO62070503${ref.slice(0, 3)}6304${e.chars(4, '0123456789ABCDEF')}` };
    default:
      return {
        accountType: 'SWIFT_ACCOUNT',
        country: 'US',
        swiftCode: 'SNDBUS33XXX',
        bankName: 'Sandbox Bank',
        accountNumber: e.digits(12),
        paymentRails: ['SWIFT'],
        accountHolderName: 'Sandbox Payments Ltd',
        reference: ref,
      };
  }
}

/** Where to send money in `currency`; a stablecoin deposit on `network` goes to a wallet on that network. */
export function fundingInstructionsFor(accountId: string, currency: string, isPlatformAccount: boolean, network?: StablecoinNetwork): PaymentInstructions[] {
  const entropy = new Entropy(accountId);
  const info = walletInfo(currency, entropy, network) ?? bankInfo(currency, entropy);
  const clean = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as PaymentInstructions['accountOrWalletInfo'];
  return [{ instructionsNotes: NOTE, isPlatformAccount, accountOrWalletInfo: clean }];
}
