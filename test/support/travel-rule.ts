/**
 * A PATCH /config body: USD and `currency`, with the counterparty's full name
 * required on `currency`. A counterparty requirement is what makes a
 * FIRST_PARTY wallet in that currency prove its ownership.
 */
export function travelRuleConfig(currency = 'USDC') {
  return {
    supportedCurrencies: ['USD', currency].map((currencyCode) => ({
      currencyCode,
      minAmount: 1,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: currencyCode === currency ? [{ name: 'FULL_NAME', mandatory: true }] : [],
      enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    })),
  };
}
