/**
 * The kinds of due job the areas schedule, kept apart from the services that
 * run them so that the composition root names every kind without loading
 * any area (src/areas/index.ts). A kind is stored with each pending job:
 * its value never changes.
 */
/** An external account's liveness check completes. */
export const LIVENESS_JOB = 'externalAccount.livenessCompleted';
/** A payment's delayed outcome. */
export const RESOLVE_JOB = 'payment.resolve';
/** A card issued PENDING becomes ACTIVE. */
export const CARD_ACTIVATION_JOB = 'card.activate';
/** A card transaction's pull from its funding source settles. */
export const CARD_PULL_JOB = 'card.pullSettled';
/** An unclaimed invitation expires. */
export const INVITATION_EXPIRY_JOB = 'invitation.expire';
/** An incoming payment awaiting approval times out. */
export const APPROVAL_TIMEOUT_JOB = 'payment.approvalTimeout';
/** The next rows of a customer import. */
export const IMPORT_STEP_JOB = 'customers.importStep';
/** A quote's challenge expired unanswered. */
export const QUOTE_CHALLENGE_EXPIRY_JOB = 'sca.quoteChallengeExpiry';
/** A real-time-funded quote, unpaid at its expiry. */
export const QUOTE_EXPIRY_JOB = 'quote.expireUnpaid';
/** A stablecoin provider account's revocation completes. */
export const PROVIDER_REVOCATION_JOB = 'stablecoinProviderAccount.revoke';
/** A stablecoin's next lifecycle step. */
export const STABLECOIN_LIFECYCLE_JOB = 'stablecoin.advance';
/** A stablecoin operation's next step. */
export const STABLECOIN_OPERATION_JOB = 'stablecoinOperation.step';
