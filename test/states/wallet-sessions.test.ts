/**
 * Embedded-wallet sessions and credentials, live or ended, x what their keys
 * and the platform do with them.
 *
 * The spec (wallet auth): a session's key stamps the signed retry of each
 * wallet action; a session ends when it is revoked, refreshed (the new one
 * replaces it), expires, or its credential is revoked (which only a session
 * of another credential may sign). An ended session's key signs nothing:
 * 401 WALLET_SIGNATURE_INVALID ("failed cryptographic verification against
 * the registered credential"); refreshing it is 401 UNAUTHORIZED at once
 * ("the target session is no longer active"), and revoking it is 404 at
 * once (the reference: 404 whenever the id is not an active session, so a
 * second revoke is safe); a revoked credential is gone (404). Each
 * state is reached through the API (real HPKE OTP logins, real P-256 stamps
 * by @turnkey libraries through the wallet helpers) and the sandbox clock.
 */
import { expect } from 'vitest';
import { generateP256KeyPair, otpLogin, signed, signedHeaders, stampOf, walletSandbox, type KeyPair } from '../wallet/helpers.js';
import type { Client, Reply } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const STATES = ['ACTIVE', 'REVOKED', 'REPLACED by a refresh', 'of a revoked credential', 'EXPIRED'] as const;
type State = (typeof STATES)[number];
type Operation = 'sign a wallet action with its key' | 'refresh it' | 'revoke it' | 'challenge its credential' | 'revoke its credential';

const ENDED = refused(401, 'WALLET_SIGNATURE_INVALID');

/** Refreshing or revoking an ended session is refused at the first leg, before any signature: the session is no longer one. */
const REFRESH_ENDED = refused(401, 'UNAUTHORIZED');
const REVOKE_ENDED = refused(404, 'REFERENCE_NOT_FOUND');

const ended = (credential: Answer, revokeCredential: Answer): Record<Operation, Answer> => ({
  'sign a wallet action with its key': ENDED,
  'refresh it': REFRESH_ENDED,
  'revoke it': REVOKE_ENDED,
  'challenge its credential': credential,
  'revoke its credential': revokeCredential,
});

const TABLE: StateTable<State, Operation> = {
  ACTIVE: {
    'sign a wallet action with its key': passes(200, { privateEnabled: true }),
    'refresh it': passes(201, { type: 'SMS_OTP' }),
    'revoke it': passes(204),
    'challenge its credential': passes(200, { type: 'SMS_OTP' }),
    'revoke its credential': passes(204),
  },
  REVOKED: ended(passes(200, { type: 'SMS_OTP' }), passes(204)),
  'REPLACED by a refresh': ended(passes(200, { type: 'SMS_OTP' }), passes(204)),
  'of a revoked credential': ended(refused(404, 'REFERENCE_NOT_FOUND'), refused(404, 'REFERENCE_NOT_FOUND')),
  // Last: reaching it moves the clock past every session made before.
  EXPIRED: ended(passes(200, { type: 'SMS_OTP' }), passes(204)),
};

interface World {
  client: Client;
}

/** A wallet signed in twice: by e-mail (the other session) and by SMS (the session under test). */
interface Subject {
  accountId: string;
  sessionId: string;
  key: KeyPair;
  credentialId: string;
  /** A live session of the other (e-mail) credential. */
  otherKey: KeyPair;
}

async function world(): Promise<World> {
  const box = await walletSandbox();
  return { client: box.client };
}

/** The whole signed retry of `method path`, the retry stamped with `key`; a first leg that is not 202 is the answer. */
async function signedBy(client: Client, method: string, path: string, body: unknown, key: KeyPair): Promise<Reply> {
  const first = await client.call(method, path, body);
  if (first.status !== 202) return first;
  return client.call(method, path, body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
}

let phones = 0;

const reach = (state: State) => async ({ client }: World): Promise<Subject> => {
  const customer = await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Wallet Person', email: `s${++phones}@example.com`, phoneNumber: `+1415555${String(phones).padStart(4, '0')}` });
  expect(customer.status).toBe(201);
  const accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`)).body.data[0].id as string;
  const emailCredential = (await client.get(`/auth/credentials?accountId=${accountId}`)).body.data[0].id as string;
  const email = await otpLogin(client, emailCredential);
  const sms = await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId }, email.key);
  expect(sms.status).toBe(201);
  const login = await otpLogin(client, sms.body.id);
  const subject = { accountId, sessionId: login.session.id as string, key: login.key, credentialId: sms.body.id as string, otherKey: email.key };
  if (state === 'REVOKED') expect((await signed(client, 'DELETE', `/auth/sessions/${subject.sessionId}`, undefined, login.key)).status).toBe(204);
  if (state === 'REPLACED by a refresh') expect((await signed(client, 'POST', `/auth/sessions/${subject.sessionId}/refresh`, { clientPublicKey: generateP256KeyPair().publicKey }, login.key)).status).toBe(201);
  if (state === 'of a revoked credential') expect((await signed(client, 'DELETE', `/auth/credentials/${subject.credentialId}`, undefined, email.key)).status).toBe(204);
  // Past the SMS OTP's 30-second resend wait (or, for EXPIRED, past the 15-minute session lifetime).
  expect((await client.post('/__admin/clock/advance', { seconds: state === 'EXPIRED' ? 901 : 30 })).status).toBe(200);
  // The e-mail session expired too: a new one signs for the other credential.
  if (state === 'EXPIRED') subject.otherKey = (await otpLogin(client, emailCredential)).key;
  return subject;
};

stateMatrix<World, Subject, State, Operation>('wallet sessions and credentials', TABLE, {
  world,
  reach: Object.fromEntries(STATES.map((s) => [s, reach(s)])) as Record<State, (w: World) => Promise<Subject>>,
  perform: {
    'sign a wallet action with its key': ({ client }, s) => signedBy(client, 'PATCH', `/internal-accounts/${s.accountId}`, { privateEnabled: true }, s.key),
    'refresh it': ({ client }, s) => signedBy(client, 'POST', `/auth/sessions/${s.sessionId}/refresh`, { clientPublicKey: generateP256KeyPair().publicKey }, s.key),
    'revoke it': ({ client }, s) => signedBy(client, 'DELETE', `/auth/sessions/${s.sessionId}`, undefined, s.key),
    'challenge its credential': ({ client }, s) => client.post(`/auth/credentials/${s.credentialId}/challenge`, {}),
    // Signed by a session of the other credential (a credential's own sessions may not revoke it).
    'revoke its credential': ({ client }, s) => signedBy(client, 'DELETE', `/auth/credentials/${s.credentialId}`, undefined, s.otherKey),
  },
  moving: ['refresh it', 'revoke it', 'revoke its credential'],
});
