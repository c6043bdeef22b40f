/** What Strong Customer Authentication keeps per tenant: factors, challenges, sessions, lockout state, 2FA resets and trusted beneficiaries. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { defineCollection, type SnapshotLookup } from '../../store/spec.js';
import type { FieldError } from '../../core/errors.js';
import { ScaFactor, ScaPurpose, type ScaFactor as Factor, type ScaPurpose as Purpose } from './sca.schemas.js';

/** An enrolled factor (TOTP or PASSKEY; SMS_OTP needs none), or one whose enrollment has started. */
export interface ScaFactorRecord {
  id: string;
  customerId: string;
  factor: 'TOTP' | 'PASSKEY';
  status: 'PENDING' | 'ACTIVE';
  name: string;
  totp?: { secretBase32: string; lastCounter?: number; recoveryCodeHashes: string[] };
  passkey?: { credentialId: string; publicKey: string; counter: number; transports?: string[]; rpId?: string };
  /** A pending passkey enrollment: the WebAuthn challenge its options carry (base64url). */
  registrationChallenge?: string;
  createdAt: string;
  updatedAt: string;
}

/** Something the customer must prove with a factor: a login, a trust change, or a step of a quote's authorization. */
export interface ScaChallengeRecord {
  id: string;
  customerId: string;
  kind: 'LOGIN' | 'TRUST' | 'UNTRUST' | 'QUOTE';
  /** The external account (TRUST, UNTRUST) or quote (QUOTE) it is about. */
  subjectId?: string;
  factor: Factor;
  availableFactors: Factor[];
  purpose?: Purpose;
  /** PASSKEY: the WebAuthn challenge (base64url) its assertion options carry. */
  webauthnChallenge?: string;
  status: 'PENDING' | 'SATISFIED' | 'CANCELLED';
  expiresAt: string;
  createdAt: string;
  lastSentAt: string;
}

export interface ScaSessionRecord {
  id: string;
  customerId: string;
  factor: Factor;
  endUserIpAddress: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
}

/** The failed-login counter and lockout of one customer (keyed by customer id). */
export interface ScaSecurityRecord {
  id: string;
  failedAttempts: number;
  lockedUntil?: string;
  suspended: boolean;
  updatedAt: string;
}

export interface TwoFactorResetRecord {
  id: string;
  customerId: string;
  factor: Factor;
  livenessPasses: boolean;
  createdAt: string;
  expiresAt: string;
  completedAt?: string;
}

/** A beneficiary the customer trusts (keyed by the external account id). */
export interface TrustedBeneficiaryRecord {
  id: string;
  customerId: string;
  trustedAt: string;
}

declare module '../../store/spec.js' {
  interface TenantRecords {
    scaFactors: ScaFactorRecord;
    scaChallenges: ScaChallengeRecord;
    scaSessions: ScaSessionRecord;
    scaSecurity: ScaSecurityRecord;
    twoFactorResets: TwoFactorResetRecord;
    trustedBeneficiaries: TrustedBeneficiaryRecord;
  }
}

const customerExists = (r: { customerId: string }, lookup: SnapshotLookup): FieldError[] =>
  lookup.get('customers', r.customerId) ? [] : [{ field: 'customerId', message: `No customer ${r.customerId} in the snapshot` }];

export const scaFactorsCollection = defineCollection('scaFactors', {
  schema: z.object({
    id: z.string().min(1),
    customerId: z.string().min(1),
    factor: z.enum(['TOTP', 'PASSKEY']),
    status: z.enum(['PENDING', 'ACTIVE']),
    name: z.string(),
    totp: z.object({ secretBase32: z.string().min(16), lastCounter: z.number().int().optional(), recoveryCodeHashes: z.array(z.string()) }).optional(),
    passkey: z.object({ credentialId: z.string().min(1), publicKey: z.string().min(1), counter: z.number().int().min(0), transports: z.array(z.string()).optional(), rpId: z.string().optional() }).optional(),
    registrationChallenge: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }) as ZodType<ScaFactorRecord>,
  indexes: { customer: (f) => f.customerId },
  references: customerExists,
});

export const scaChallengesCollection = defineCollection('scaChallenges', {
  schema: z.object({
    id: z.string().min(1),
    customerId: z.string().min(1),
    kind: z.enum(['LOGIN', 'TRUST', 'UNTRUST', 'QUOTE']),
    subjectId: z.string().optional(),
    factor: ScaFactor,
    availableFactors: z.array(ScaFactor),
    purpose: ScaPurpose.optional(),
    webauthnChallenge: z.string().optional(),
    status: z.enum(['PENDING', 'SATISFIED', 'CANCELLED']),
    expiresAt: z.string(),
    createdAt: z.string(),
    lastSentAt: z.string(),
  }) as ZodType<ScaChallengeRecord>,
  indexes: { customer: (c) => c.customerId, subject: (c) => c.subjectId },
  references: customerExists,
});

export const scaSessionsCollection = defineCollection('scaSessions', {
  schema: z.object({
    id: z.string().min(1),
    customerId: z.string().min(1),
    factor: ScaFactor,
    endUserIpAddress: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().optional(),
  }) as ZodType<ScaSessionRecord>,
  indexes: { customer: (s) => s.customerId },
  references: customerExists,
});

export const scaSecurityCollection = defineCollection('scaSecurity', {
  schema: z.object({ id: z.string().min(1), failedAttempts: z.number().int().min(0), lockedUntil: z.string().optional(), suspended: z.boolean(), updatedAt: z.string() }) as ZodType<ScaSecurityRecord>,
});

export const twoFactorResetsCollection = defineCollection('twoFactorResets', {
  schema: z.object({
    id: z.string().min(1),
    customerId: z.string().min(1),
    factor: ScaFactor,
    livenessPasses: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
    completedAt: z.string().optional(),
  }) as ZodType<TwoFactorResetRecord>,
  indexes: { customer: (r) => r.customerId },
  references: customerExists,
});

export const trustedBeneficiariesCollection = defineCollection('trustedBeneficiaries', {
  schema: z.object({ id: z.string().min(1), customerId: z.string().min(1), trustedAt: z.string() }) as ZodType<TrustedBeneficiaryRecord>,
  indexes: { customer: (t) => t.customerId },
  references: customerExists,
});
