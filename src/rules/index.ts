export * from './tables.js';
export { outcomeFor, ruleFor, last3, identifierLast3, umaUser } from './lookup.js';
