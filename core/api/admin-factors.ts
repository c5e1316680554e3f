// The admin second factor's API shapes (decision 0068): the session's stage, the enrolled
// factors, TOTP set-up and the WebAuthn ceremonies. WebAuthn options and responses are the JSON
// forms @simplewebauthn/browser produces and reads; the server library checks them in depth.
import { z } from 'zod';

export const ADMIN_FACTOR_KINDS = ['passkey', 'totp'] as const;
export type AdminFactorKind = (typeof ADMIN_FACTOR_KINDS)[number];
/** What opened a full session: a factor, or a one-time recovery code. */
export const ADMIN_SECOND_FACTORS = ['passkey', 'totp', 'recovery_code'] as const;
export type AdminSecondFactor = (typeof ADMIN_SECOND_FACTORS)[number];
/**
 * 'enrol': password accepted, the admin has no factor and must set one up; 'verify': password
 * accepted, a factor must confirm; 'signed_in': a full session.
 */
export const ADMIN_SESSION_STAGES = ['enrol', 'verify', 'signed_in'] as const;
export type AdminSessionStage = (typeof ADMIN_SESSION_STAGES)[number];

/** Number of one-time recovery codes an admin receives at the first enrolment. */
export const ADMIN_RECOVERY_CODE_COUNT = 10;
/** Length of a half session (password accepted, second factor pending), in minutes. */
export const ADMIN_HALF_SESSION_MINUTES = 10;

const iso = (description: string) => z.string().describe(`${description} (ISO 8601).`);

export const adminFactorSchema = z
  .object({
    id: z.guid(),
    kind: z.enum(ADMIN_FACTOR_KINDS),
    label: z.string(),
    created_at: iso('When it was enrolled'),
    last_used_at: iso('When it last confirmed a sign-in').nullable(),
  })
  .meta({ id: 'AdminFactor', description: 'A second factor of the signed-in admin.' });
export type AdminFactor = z.infer<typeof adminFactorSchema>;

export const adminFactorsResponseSchema = z.object({
  factors: z.array(adminFactorSchema),
  recovery_codes_left: z.number().int().describe('Unused recovery codes.'),
  session_factor: z.enum(ADMIN_SECOND_FACTORS).nullable().describe('What confirmed the current session.'),
});
export type AdminFactorsResponse = z.infer<typeof adminFactorsResponseSchema>;

export const totpSetupResponseSchema = z.object({
  secret: z.string().describe('Base32 TOTP secret, shown once.'),
  otpauth_url: z.string().describe('The otpauth:// URI authenticator apps read (as text or a QR code).'),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpCodeBodySchema = z.object({
  code: z.string().max(20).describe('The 6-digit code of the authenticator app.'),
  label: z.string().trim().min(1).max(100).optional().describe('At enrolment: a name for the factor.'),
});
export const recoveryCodeBodySchema = z.object({
  code: z.string().max(40).describe('One of the recovery codes given at enrolment.'),
});

/** WebAuthn options for navigator.credentials (the JSON form @simplewebauthn/browser reads). */
export const passkeyOptionsResponseSchema = z.object({ options: z.record(z.string(), z.unknown()) });

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
/** The credential @simplewebauthn/browser's startRegistration returns. */
export const passkeyRegistrationBodySchema = z.object({
  response: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: b64url(10_000),
      attestationObject: b64url(40_000),
      authenticatorData: b64url(40_000).optional(),
      transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(10_000).optional(),
    }),
  }),
  label: z.string().trim().min(1).max(100).optional(),
});
/** The credential @simplewebauthn/browser's startAuthentication returns. */
export const passkeyAuthenticationBodySchema = z.object({
  response: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: b64url(10_000),
      authenticatorData: b64url(40_000),
      signature: b64url(2_000),
      userHandle: b64url(200).optional(),
    }),
  }),
});

/** Answer of a step that completes the sign-in (and, at a first enrolment, the recovery codes). */
export const secondFactorDoneResponseSchema = z.object({
  second_factor: z.enum(ADMIN_SECOND_FACTORS),
  expires_at: iso('When the session ends'),
  recovery_codes: z.array(z.string()).nullable().describe('Given once, at the first enrolment; null otherwise.'),
});
export type SecondFactorDoneResponse = z.infer<typeof secondFactorDoneResponseSchema>;

/** Answer of an enrolment: the new factor; in a half session it also completes the sign-in. */
export const factorEnrolledResponseSchema = secondFactorDoneResponseSchema.extend({ factor: adminFactorSchema });
export type FactorEnrolledResponse = z.infer<typeof factorEnrolledResponseSchema>;
export const factorRemovedResponseSchema = z.object({ ok: z.literal(true) });
