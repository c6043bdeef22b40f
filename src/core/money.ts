/**
 * Currencies the sandbox knows, and money as integer minor units.
 */

export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  crypto: boolean;
}

function fiat(code: string, name: string, symbol: string, decimals = 2): CurrencyInfo {
  return { code, name, symbol, decimals, crypto: false };
}

function crypto(code: string, name: string, symbol: string, decimals: number): CurrencyInfo {
  return { code, name, symbol, decimals, crypto: true };
}

const TABLE: readonly CurrencyInfo[] = [
  fiat('AED', 'UAE Dirham', 'د.إ'),
  fiat('BDT', 'Bangladeshi Taka', '৳'),
  fiat('BRL', 'Brazilian Real', 'R$'),
  fiat('BWP', 'Botswana Pula', 'P'),
  fiat('CAD', 'Canadian Dollar', 'CA$'),
  fiat('CNY', 'Chinese Yuan', '¥'),
  fiat('COP', 'Colombian Peso', 'COL$'),
  fiat('DKK', 'Danish Krone', 'kr'),
  fiat('EGP', 'Egyptian Pound', 'E£'),
  fiat('EUR', 'Euro', '€'),
  fiat('GBP', 'British Pound', '£'),
  fiat('GHS', 'Ghanaian Cedi', 'GH₵'),
  fiat('GTQ', 'Guatemalan Quetzal', 'Q'),
  fiat('HKD', 'Hong Kong Dollar', 'HK$'),
  fiat('HTG', 'Haitian Gourde', 'G'),
  fiat('IDR', 'Indonesian Rupiah', 'Rp'),
  fiat('ILS', 'Israeli New Shekel', '₪'),
  fiat('INR', 'Indian Rupee', '₹'),
  fiat('JMD', 'Jamaican Dollar', 'J$'),
  fiat('KES', 'Kenyan Shilling', 'KSh'),
  fiat('MWK', 'Malawian Kwacha', 'MK'),
  fiat('MXN', 'Mexican Peso', 'MX$'),
  fiat('MYR', 'Malaysian Ringgit', 'RM'),
  fiat('NGN', 'Nigerian Naira', '₦'),
  fiat('PHP', 'Philippine Peso', '₱'),
  fiat('PKR', 'Pakistani Rupee', 'Rs'),
  fiat('RWF', 'Rwandan Franc', 'FRw', 0),
  fiat('SGD', 'Singapore Dollar', 'S$'),
  fiat('THB', 'Thai Baht', '฿'),
  fiat('TRY', 'Turkish Lira', '₺'),
  fiat('TZS', 'Tanzanian Shilling', 'TSh'),
  fiat('UGX', 'Ugandan Shilling', 'USh', 0),
  fiat('USD', 'US Dollar', '$'),
  fiat('VND', 'Vietnamese Dong', '₫', 0),
  fiat('XAF', 'Central African CFA Franc', 'FCFA', 0),
  fiat('XOF', 'West African CFA Franc', 'CFA', 0),
  fiat('ZAR', 'South African Rand', 'R'),
  fiat('ZMW', 'Zambian Kwacha', 'ZK'),
  crypto('BTC', 'Bitcoin', '₿', 8),
  crypto('USDC', 'USD Coin', 'USDC', 6),
  crypto('USDT', 'Tether', 'USDT', 6),
  crypto('USDB', 'USDB', 'USDB', 6),
  crypto('ETH', 'Ether', 'Ξ', 18),
  crypto('SOL', 'Solana', 'SOL', 9),
  crypto('POL', 'Polygon', 'POL', 18),
  crypto('TRX', 'Tron', 'TRX', 6),
];

export const CURRENCIES: ReadonlyMap<string, CurrencyInfo> = new Map(TABLE.map((c) => [c.code, c]));

export const CURRENCY_CODES: readonly string[] = TABLE.map((c) => c.code);

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return CURRENCIES.get(code);
}

/** Tokens pegged to a fiat currency: they travel on several networks, so a deposit must name one. */
const STABLECOINS: ReadonlySet<string> = new Set(['USDC', 'USDT', 'USDB']);

export function isStablecoin(code: string): boolean {
  return STABLECOINS.has(code);
}

/** The API's Currency object. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

export interface CurrencyAmount {
  amount: number;
  currency: Currency;
}

export function currencyOf(code: string): Currency {
  const info = CURRENCIES.get(code);
  return info
    ? { code: info.code, name: info.name, symbol: info.symbol, decimals: info.decimals }
    : { code, name: code, symbol: code, decimals: 2 };
}

/** Amounts are integer minor units; anything else is a bug, never rounding. */
export function amountOf(amount: number, code: string): CurrencyAmount {
  if (!Number.isSafeInteger(amount)) throw new Error(`amount ${amount} is not an integer number of minor units`);
  return { amount, currency: currencyOf(code) };
}

/** Largest amount any single sandbox operation accepts, in minor units. */
export const MAX_AMOUNT = 100_000_000_000;
