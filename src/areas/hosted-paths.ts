/** Where the hosted pages (outside the API: the token in the path names the tenant) are served; apart from their areas so the app mounts them without loading those. */
export const HOSTED_KYC_PATH = '/hosted/kyc';
export const CARD_REVEAL_PATH = '/hosted/cards';
