/**
 * Token amounts: digit strings in the token's smallest unit, which may
 * exceed 2^53, so they are read as BigInt. Every mint and burn must be a
 * whole number of fiat cents; the cents are what the ledger, the provider's
 * magic amounts and the fiat side of the operation use.
 */
import { apiError } from '../../core/errors.js';
import { MAX_AMOUNT } from '../../core/money.js';
import { STABLECOIN_DECIMALS } from '../../rules/index.js';

/** Fiat minor units have 2 decimals: one cent is this many token units. */
export const TOKEN_UNITS_PER_CENT = 10n ** BigInt(STABLECOIN_DECIMALS - 2);

export interface TokenAmount {
  /** Normalised (no leading zeros). */
  units: string;
  cents: number;
}

/** Parses a mint or burn amount: 400 INVALID_AMOUNT for zero, STABLECOIN_AMOUNT_NOT_REPRESENTABLE below a whole cent, AMOUNT_OUT_OF_RANGE above the sandbox maximum. */
export function tokenAmount(text: string, field = 'amount'): TokenAmount {
  const units = BigInt(text);
  if (units === 0n) throw apiError('INVALID_AMOUNT', 'The amount must be greater than zero', { field });
  if (units % TOKEN_UNITS_PER_CENT !== 0n) {
    throw apiError('STABLECOIN_AMOUNT_NOT_REPRESENTABLE', `${text} is not a whole number of cents at ${STABLECOIN_DECIMALS} decimals: use a multiple of ${TOKEN_UNITS_PER_CENT}`, {
      field,
      amount: text,
      decimals: STABLECOIN_DECIMALS,
      multipleOf: TOKEN_UNITS_PER_CENT.toString(),
    });
  }
  const cents = units / TOKEN_UNITS_PER_CENT;
  if (cents > BigInt(MAX_AMOUNT)) {
    throw apiError('AMOUNT_OUT_OF_RANGE', `The amount may be at most ${BigInt(MAX_AMOUNT) * TOKEN_UNITS_PER_CENT}`, { field, max: (BigInt(MAX_AMOUNT) * TOKEN_UNITS_PER_CENT).toString() });
  }
  return { units: units.toString(), cents: Number(cents) };
}
