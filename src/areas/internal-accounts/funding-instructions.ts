/**
 * Deterministic, well-formed funding instructions for an internal account:
 * the same account always shows the same numbers, and the numbers pass the
 * check-digit rules of their schemes (ABA, IBAN, CLABE).
 */
import { createHash } from 'node:crypto';
import type { PaymentInstructions } from './internal-accounts.schemas.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A stream of pseudo-random bytes derived from the account id. */
function bytesFor(seed: string, n: number): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < n; i++) chunks.push(createHash('sha256').update(`${seed}#${i}`).digest());
  return Buffer.concat(chunks).subarray(0, n);
}

function digits(seed: string, n: number): string {
  return [...bytesFor(seed, n)].map((b) => String(b % 10)).join('');
}

function chars(seed: string, n: number, alphabet: string): string {
  return [...bytesFor(seed, n)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** ABA routing number: 8 digits plus the 3-7-1 check digit. */
export function abaRoutingNumber(seed: string): string {
  const d = `0${digits(`${seed}/aba`, 7)}`.split('').map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = d.reduce((acc, v, i) => acc + v * weights[i]!, 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

/** IBAN with correct ISO 7064 mod-97 check digits. */
export function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** CLABE: 17 digits plus the 3-7-1 weighted check digit. */
export function clabe(seed: string): string {
  const body = `002180${digits(`${seed}/clabe`, 11)}`;
  const weights = [3, 7, 1];
  const sum = body.split('').reduce((acc, c, i) => acc + ((Number(c) * weights[i % 3]!) % 10), 0);
  return body + String((10 - (sum % 10)) % 10);
}

function reference(seed: string): string {
  return `PSB${chars(`${seed}/ref`, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
}

const NOTE = 'Include the reference so the deposit is credited to this account.';

function walletInfo(currency: string, seed: string): Record<string, unknown> | undefined {
  switch (currency) {
    case 'USDC':
    case 'SOL':
      return { accountType: 'SOLANA_WALLET', address: chars(`${seed}/sol`, 44, BASE58), assetType: currency === 'SOL' ? undefined : currency };
    case 'USDT':
    case 'TRX':
      return { accountType: 'TRON_WALLET', address: `T${chars(`${seed}/trx`, 33, BASE58)}`, assetType: currency };
    case 'BTC':
    case 'USDB':
      return { accountType: 'SPARK_WALLET', address: `sp1${chars(`${seed}/spark`, 58, BECH32)}`, assetType: currency };
    case 'ETH':
      return { accountType: 'ETHEREUM_WALLET', address: `0x${bytesFor(`${seed}/eth`, 20).toString('hex')}` };
    case 'POL':
      return { accountType: 'POLYGON_WALLET', address: `0x${bytesFor(`${seed}/pol`, 20).toString('hex')}` };
    default:
      return undefined;
  }
}

function bankInfo(currency: string, seed: string): Record<string, unknown> {
  const ref = reference(seed);
  switch (currency) {
    case 'USD':
      return { accountType: 'USD_ACCOUNT', accountNumber: digits(`${seed}/acct`, 12), routingNumber: abaRoutingNumber(seed), bankName: 'Sandbox Bank', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], reference: ref };
    case 'EUR':
      return { accountType: 'EUR_ACCOUNT', iban: iban('DE', digits(`${seed}/iban`, 18)), swiftCode: 'SNDBDEFFXXX', paymentRails: ['SEPA', 'SEPA_INSTANT'], reference: ref };
    case 'MXN':
      return { accountType: 'MXN_ACCOUNT', clabeNumber: clabe(seed), paymentRails: ['SPEI'], reference: ref };
    case 'GBP':
      return { accountType: 'GBP_ACCOUNT', sortCode: digits(`${seed}/sort`, 6), accountNumber: digits(`${seed}/acct`, 8), paymentRails: ['FASTER_PAYMENTS'], reference: ref };
    case 'BRL':
      return { accountType: 'BRL_ACCOUNT', qrCode: `00020126360014br.gov.bcb.pix0114${digits(`${seed}/pix`, 14)}5204000053039865802BR5912SANDBOX BANK6009SAO PAULO62070503${ref.slice(0, 3)}6304${chars(`${seed}/crc`, 4, '0123456789ABCDEF')}` };
    default:
      return {
        accountType: 'SWIFT_ACCOUNT',
        country: 'US',
        swiftCode: 'SNDBUS33XXX',
        bankName: 'Sandbox Bank',
        accountNumber: digits(`${seed}/acct`, 12),
        paymentRails: ['SWIFT'],
        accountHolderName: 'Sandbox Payments Ltd',
        reference: ref,
      };
  }
}

export function fundingInstructionsFor(accountId: string, currency: string, isPlatformAccount: boolean): PaymentInstructions[] {
  const info = walletInfo(currency, accountId) ?? bankInfo(currency, accountId);
  const clean = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as PaymentInstructions['accountOrWalletInfo'];
  return [{ instructionsNotes: NOTE, isPlatformAccount, accountOrWalletInfo: clean }];
}
