/**
 * paysandbox/client: what a wallet app does on its side of the embedded-wallet
 * flows, for test suites that sign in without a browser or a device. Every
 * value it makes is in the production wire format (wire-formats.md).
 */
export { generateSessionKey, keyPairFromPrivateKey, stampPayload, type ClientKeyPair } from './keys.js';
export { encryptOtpBundle, openExportBundle, openSessionKey, type OtpBundleInput } from './bundles.js';
export { sandboxOidcToken, type SandboxOidcClaims } from './oidc.js';
export { SoftwarePasskey, type PasskeyAssertion, type PasskeyAttestation, type SoftwarePasskeyOptions } from './passkey.js';
export { SANDBOX_SIGNER_PUBLIC_KEY } from '../crypto/enclave.js';
export { verifyWebhookSignature } from './webhooks.js';
export { serviceIdentifiers, signedRetryHeaders, type ServiceIdentifiers } from './service-name.js';
