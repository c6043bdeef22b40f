/**
 * The UMA providers GET /uma-providers knows: fictional (every name carries
 * "Sandbox"), plus the sandbox's own receivers on its UMA domain. Their LEIs
 * have valid ISO 17442 check digits.
 */
import { SANDBOX_UMA_DOMAIN } from '../config/config.service.js';

export interface UmaProviderRow {
  name: string;
  supportedRegions: readonly string[];
  domain: string;
  supportedCurrencies: readonly string[];
  /** The LEI without its two check digits. */
  leiBase: string;
  /** Whether the provider is on the platform's allow list. */
  allowListStatus: boolean;
}

export const UMA_PROVIDERS: readonly UmaProviderRow[] = [
  { name: 'Sandbox UMA Receivers', supportedRegions: ['US', 'DE', 'MX'], domain: SANDBOX_UMA_DOMAIN, supportedCurrencies: ['USD', 'EUR', 'MXN'], leiBase: '5493000SANDBOX0UMA', allowListStatus: true },
  { name: 'Sandbox Wallet US', supportedRegions: ['US'], domain: 'uma.wallet-us.sandbox.example', supportedCurrencies: ['USD', 'USDC'], leiBase: '5493000SBXWALLETUS', allowListStatus: true },
  { name: 'Sandbox Pagos MX', supportedRegions: ['MX'], domain: 'uma.pagos-mx.sandbox.example', supportedCurrencies: ['MXN', 'USD'], leiBase: '5493000SBXPAGOSMX0', allowListStatus: true },
  { name: 'Sandbox Carteira BR', supportedRegions: ['BR'], domain: 'uma.carteira-br.sandbox.example', supportedCurrencies: ['BRL'], leiBase: '5493000SBXCARTEIRA', allowListStatus: true },
  { name: 'Sandbox Euro Pay', supportedRegions: ['DE', 'FR', 'ES', 'IT', 'NL'], domain: 'uma.europay.sandbox.example', supportedCurrencies: ['EUR'], leiBase: '5493000SBXEUROPAY0', allowListStatus: true },
  { name: 'Sandbox Sterling Wallet', supportedRegions: ['GB'], domain: 'uma.sterling.sandbox.example', supportedCurrencies: ['GBP'], leiBase: '5493000SBXSTERLING', allowListStatus: false },
  { name: 'Sandbox Sats', supportedRegions: ['US', 'GB', 'DE', 'SV'], domain: 'uma.sats.sandbox.example', supportedCurrencies: ['BTC', 'USD'], leiBase: '5493000SBXSATS0000', allowListStatus: true },
  { name: 'Sandbox Pesa', supportedRegions: ['KE', 'TZ', 'UG'], domain: 'uma.pesa.sandbox.example', supportedCurrencies: ['KES', 'TZS', 'UGX'], leiBase: '5493000SBXPESA0000', allowListStatus: false },
  { name: 'Sandbox Remit Asia', supportedRegions: ['PH', 'SG', 'IN'], domain: 'uma.remit-asia.sandbox.example', supportedCurrencies: ['PHP', 'SGD', 'INR'], leiBase: '5493000SBXREMITASI', allowListStatus: true },
  { name: 'Sandbox Naira Wallet', supportedRegions: ['NG'], domain: 'uma.naira.sandbox.example', supportedCurrencies: ['NGN'], leiBase: '5493000SBXNAIRA000', allowListStatus: true },
];

/** The LEI with its ISO 17442 (ISO 7064 MOD 97-10) check digits. */
export function leiOf(base: string): string {
  const digits = [...`${base}00`].map((ch) => (/[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  const check = 98n - (BigInt(digits) % 97n);
  return `${base}${check.toString().padStart(2, '0')}`;
}
