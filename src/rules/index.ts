export * from './tables.js';
export type { RuleHits } from './lookup.js';
export { outcomeFor, ruleFor, thresholdWhere, last3, identifierLast3, umaUser } from './lookup.js';
