// The admin second factor (decision 0068, issue 39). A password opens a half session; it becomes
// a full one only when a passkey, a TOTP code or a one-time recovery code confirms it. An admin
// without a factor must enrol one first and then receives ADMIN_RECOVERY_CODE_COUNT recovery
// codes (kept hashed, shown once). Failed factor attempts are throttled like passwords (the same
// counters, keyed by address and account). Every step is audited. Times come from deps.now().
import crypto from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { appError } from '../../core/app-error';
import {
  ADMIN_RECOVERY_CODE_COUNT,
  type AdminFactor,
  type AdminFactorKind,
  type AdminSessionStage,
  type FactorEnrolledResponse,
  type SecondFactorDoneResponse,
} from '../../core/api/admin-factors';
import { MESSAGES, adminLoginThrottledMessage, type MessagePair } from '../../core/messages';
import { writeAudit } from '../audit/write-audit';
import type { AdminFactorsTable, DB, SecondFactorUsed } from '../db/types';
import type { AppDeps } from '../deps';
import type { RequestMeta, SignedInAdmin } from '../http/request-context';
import { findAdminByEmail } from './admin-users-repository';
import {
  countFactors,
  countUnusedRecoveryCodes,
  deleteAllFactors,
  deleteFactor,
  findPasskey,
  insertFactor,
  listFactors,
  lockAdmin,
  lockTotpFactors,
  markPasskeyUsed,
  markTotpUsed,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  setSessionChallenge,
  spendRecoveryCode,
  takeSessionSecrets,
} from './factors-repository';
import { chargeLoginAttempt, refundLoginAttempt } from './login-throttle';
import { createSession, revokeSession } from './sessions';
import { revokeAdminSessions } from './sessions-repository';

// Loaded on first use: only an admin signing in needs them, and loaded at start-up they held about
// 5 MB of every process's heap for nothing (issue 38's memory goal). Node keeps a module once loaded.
const webauthn = () => import('@simplewebauthn/server');
const totp = () => import('otplib');

type FactorRow = Selectable<AdminFactorsTable>;

/** A TOTP code is accepted from the previous, current or next 30-second step (clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;

const refused = (code: 'invalid_credentials' | 'conflict' | 'not_found', message: MessagePair) =>
  appError(code, message.description, { title: message.title });

/** The WebAuthn relying party: the configured public site (decision 0068). */
export function relyingParty(siteUrl: string): { rpID: string; origin: string; name: string } {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin, name: url.host };
}

function factorView(row: FactorRow): AdminFactor {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export async function sessionStage(
  deps: AppDeps,
  admin: SignedInAdmin,
): Promise<{ stage: AdminSessionStage; enrolled: AdminFactorKind[] }> {
  const factors = await listFactors(deps.db, admin.id);
  const enrolled = [...new Set(factors.map((f) => f.kind))].sort();
  if (admin.secondFactor !== null) return { stage: 'signed_in', enrolled };
  return { stage: factors.length === 0 ? 'enrol' : 'verify', enrolled };
}

export async function listAdminFactors(deps: AppDeps, admin: SignedInAdmin) {
  const [factors, left] = await Promise.all([listFactors(deps.db, admin.id), countUnusedRecoveryCodes(deps.db, admin.id)]);
  return { factors: factors.map(factorView), recovery_codes_left: left };
}

/** A half session may enrol only while the admin has no factor; a full session may add more. */
async function assertMayEnrol(deps: AppDeps, admin: SignedInAdmin): Promise<void> {
  if (admin.secondFactor === null && (await countFactors(deps.db, admin.id)) > 0) {
    throw refused('conflict', MESSAGES.adminEnrolAfterVerify);
  }
}

/** The verify steps serve a half session of an admin who has a factor. */
async function assertMayVerify(deps: AppDeps, admin: SignedInAdmin): Promise<void> {
  if (admin.secondFactor !== null) throw refused('conflict', MESSAGES.adminAlreadyConfirmed);
  if ((await countFactors(deps.db, admin.id)) === 0) throw refused('conflict', MESSAGES.adminNoFactorYet);
}

// ---------------------------------------------------------------------------------------------
// Recovery codes: 10 groups of random base32, hashed with SHA-256 (50 random bits each, single
// use and throttled, so a slow hash adds nothing).

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function hashRecoveryCode(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return crypto.createHash('sha256').update(normalised, 'utf8').digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Completing a sign-in: the half session is revoked and a new full one created, so a token seen
// before the second factor never opens the console (no session fixation).

interface Completed {
  token: string;
  result: SecondFactorDoneResponse;
}

async function completeSignIn(
  trx: Transaction<DB>,
  deps: AppDeps,
  admin: SignedInAdmin,
  factor: SecondFactorUsed,
  reason: string,
  meta: RequestMeta,
  recoveryCodes: string[] | null,
): Promise<Completed> {
  const now = deps.now();
  await revokeSession(trx, admin.sessionHash, now);
  const session = await createSession(trx, admin.id, now, deps.config.adminSessionHours * 60, meta, factor);
  await writeAudit(trx, {
    table_name: 'admin_users',
    record_id: admin.id,
    admin: { id: admin.id, email: admin.email },
    action_type: 'LOGIN',
    reason,
    ip: meta.ip,
    user_agent: meta.user_agent,
    at: now,
  });
  return {
    token: session.token,
    result: { second_factor: factor, expires_at: session.expiresAt.toISOString(), recovery_codes: recoveryCodes },
  };
}

/** The factor is stored; at a first enrolment (half session) it also completes the sign-in. */
async function finishEnrolment(
  trx: Transaction<DB>,
  deps: AppDeps,
  admin: SignedInAdmin,
  row: FactorRow,
  meta: RequestMeta,
): Promise<{ token: string | null; result: FactorEnrolledResponse }> {
  const now = deps.now();
  const actor = { id: admin.id, email: admin.email };
  await writeAudit(trx, {
    table_name: 'admin_factors',
    record_id: row.id,
    admin: actor,
    action_type: 'CREATE',
    reason: row.kind === 'passkey' ? 'Passkey enrolled' : 'Authenticator app enrolled',
    new_values: { kind: row.kind, label: row.label },
    ip: meta.ip,
    user_agent: meta.user_agent,
    at: now,
  });
  if (admin.secondFactor !== null) {
    const result = { second_factor: admin.secondFactor, expires_at: admin.sessionExpiresAt.toISOString(), recovery_codes: null };
    return { token: null, result: { ...result, factor: factorView(row) } };
  }
  const codes = Array.from({ length: ADMIN_RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(trx, admin.id, codes.map(hashRecoveryCode), now);
  await writeAudit(trx, {
    table_name: 'admin_recovery_codes',
    record_id: admin.id,
    admin: actor,
    action_type: 'CREATE',
    reason: `${ADMIN_RECOVERY_CODE_COUNT} recovery codes issued`,
    ip: meta.ip,
    user_agent: meta.user_agent,
    at: now,
  });
  const reason = row.kind === 'passkey' ? 'Admin signed in with a new passkey' : 'Admin signed in with a new authenticator app';
  const done = await completeSignIn(trx, deps, admin, row.kind, reason, meta, codes);
  return { token: done.token, result: { ...done.result, factor: factorView(row) } };
}

// ---------------------------------------------------------------------------------------------
// Throttle: a wrong code or passkey costs like a wrong password (login-throttle.ts), counted per
// address and per (address, account), so a stolen password cannot be followed by code guessing.

async function chargeFactorAttempt(deps: AppDeps, admin: SignedInAdmin, meta: RequestMeta): Promise<void> {
  const charge = await chargeLoginAttempt(deps.db, meta.ip, throttleName(admin), deps.now());
  if (charge.kind === 'throttled') {
    await auditFailure(deps, admin, meta, 'Too many failed attempts from this address; second factor not checked');
    const message = adminLoginThrottledMessage(charge.retryAfterSeconds);
    throw appError('too_many_attempts', message.description, {
      title: message.title,
      headers: { 'Retry-After': String(charge.retryAfterSeconds) },
    });
  }
}

const throttleName = (admin: SignedInAdmin) => `second-factor:${admin.id}`;

async function auditFailure(deps: AppDeps, admin: SignedInAdmin, meta: RequestMeta, reason: string): Promise<void> {
  await writeAudit(deps.db, {
    table_name: 'admin_users',
    record_id: admin.id,
    action_type: 'LOGIN_FAILED',
    reason,
    ip: meta.ip,
    user_agent: meta.user_agent,
    at: deps.now(),
  });
}

// ---------------------------------------------------------------------------------------------
// TOTP

export async function startTotpSetup(deps: AppDeps, admin: SignedInAdmin) {
  await assertMayEnrol(deps, admin);
  const { generateSecret, generateURI } = await totp();
  const secret = generateSecret();
  await setPendingTotpSecret(deps.db, admin.sessionHash, secret);
  const otpauth_url = generateURI({ issuer: relyingParty(deps.config.siteUrl).name, label: admin.email, secret });
  return { secret, otpauth_url };
}

/** The time step `code` matches, after `afterStep` (never a step already used), or null. */
async function matchTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const { verify: verifyTotp } = await totp();
  const result = await verifyTotp({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result carries its step (an HOTP one its counter delta).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export async function confirmTotpSetup(
  deps: AppDeps,
  admin: SignedInAdmin,
  code: string,
  label: string | undefined,
  meta: RequestMeta,
) {
  await assertMayEnrol(deps, admin);
  return deps.db.transaction().execute(async (trx) => {
    await lockAdmin(trx, admin.id);
    const { pending_totp_secret: secret } = await takeSessionSecrets(trx, admin.sessionHash);
    if (!secret) throw refused('conflict', MESSAGES.adminFactorSetupMissing);
    const step = await matchTotp(secret, code, deps.now(), null);
    if (step === null) throw refused('invalid_credentials', MESSAGES.adminFactorCodeInvalid);
    await setPendingTotpSecret(trx, admin.sessionHash, null);
    const row = await insertFactor(trx, {
      admin_id: admin.id,
      kind: 'totp',
      label: label ?? 'Authenticator app',
      created_at: deps.now(),
      last_used_at: deps.now(),
      totp_secret: secret,
      totp_last_step: step,
    });
    return finishEnrolment(trx, deps, admin, row, meta);
  });
}

export async function verifyTotpSignIn(deps: AppDeps, admin: SignedInAdmin, code: string, meta: RequestMeta): Promise<Completed> {
  await assertMayVerify(deps, admin);
  await chargeFactorAttempt(deps, admin, meta);
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    for (const factor of await lockTotpFactors(trx, admin.id)) {
      const last = factor.totp_last_step === null ? null : Number(factor.totp_last_step);
      const step = await matchTotp(factor.totp_secret ?? '', code, now, last);
      if (step === null) continue;
      await markTotpUsed(trx, factor.id, step, now);
      await refundLoginAttempt(trx, meta.ip, throttleName(admin), now);
      return completeSignIn(trx, deps, admin, 'totp', 'Admin signed in with an authenticator app', meta, null);
    }
    return null;
  });
  if (done) return done;
  await auditFailure(deps, admin, meta, 'Wrong or reused authenticator code');
  throw refused('invalid_credentials', MESSAGES.adminFactorCodeInvalid);
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

export async function verifyRecoveryCode(deps: AppDeps, admin: SignedInAdmin, code: string, meta: RequestMeta): Promise<Completed> {
  await assertMayVerify(deps, admin);
  await chargeFactorAttempt(deps, admin, meta);
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await spendRecoveryCode(trx, admin.id, hashRecoveryCode(code), now))) return null;
    await refundLoginAttempt(trx, meta.ip, throttleName(admin), now);
    const left = await countUnusedRecoveryCodes(trx, admin.id);
    const reason = `Admin signed in with a recovery code (${left} left)`;
    return completeSignIn(trx, deps, admin, 'recovery_code', reason, meta, null);
  });
  if (done) return done;
  await auditFailure(deps, admin, meta, 'Wrong or used recovery code');
  throw refused('invalid_credentials', MESSAGES.adminRecoveryCodeInvalid);
}

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn). Attestation 'none': any authenticator is accepted; the key it makes is
// what signs later sign-ins. The challenge lives on the session row and serves one ceremony.

export async function passkeyRegistrationOptions(deps: AppDeps, admin: SignedInAdmin) {
  await assertMayEnrol(deps, admin);
  const rp = relyingParty(deps.config.siteUrl);
  const existing = (await listFactors(deps.db, admin.id)).filter((f) => f.kind === 'passkey');
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: admin.email,
    userID: new TextEncoder().encode(admin.id),
    attestationType: 'none',
    excludeCredentials: existing.map((f) => ({
      id: f.credential_id ?? '',
      transports: (f.transports ?? undefined) as AuthenticatorTransport[] | undefined,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await setSessionChallenge(deps.db, admin.sessionHash, options.challenge);
  return options;
}

export async function registerPasskey(
  deps: AppDeps,
  admin: SignedInAdmin,
  response: RegistrationResponseJSON,
  label: string | undefined,
  meta: RequestMeta,
) {
  await assertMayEnrol(deps, admin);
  const rp = relyingParty(deps.config.siteUrl);
  return deps.db.transaction().execute(async (trx) => {
    await lockAdmin(trx, admin.id);
    const { challenge } = await takeSessionSecrets(trx, admin.sessionHash);
    if (!challenge) throw refused('conflict', MESSAGES.adminFactorSetupMissing);
    await setSessionChallenge(trx, admin.sessionHash, null);
    const { verifyRegistrationResponse } = await webauthn();
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw refused('invalid_credentials', MESSAGES.adminPasskeyFailed);
    const { credential } = verification.registrationInfo;
    const row = await insertFactor(trx, {
      admin_id: admin.id,
      kind: 'passkey',
      label: label ?? 'Passkey',
      created_at: deps.now(),
      last_used_at: deps.now(),
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      sign_count: credential.counter,
      transports: credential.transports ?? null,
    });
    return finishEnrolment(trx, deps, admin, row, meta);
  });
}

export async function passkeyAuthenticationOptions(deps: AppDeps, admin: SignedInAdmin) {
  await assertMayVerify(deps, admin);
  const passkeys = (await listFactors(deps.db, admin.id)).filter((f) => f.kind === 'passkey');
  if (passkeys.length === 0) throw refused('conflict', MESSAGES.adminNoFactorYet);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config.siteUrl).rpID,
    allowCredentials: passkeys.map((f) => ({
      id: f.credential_id ?? '',
      transports: (f.transports ?? undefined) as AuthenticatorTransport[] | undefined,
    })),
    userVerification: 'preferred',
  });
  await setSessionChallenge(deps.db, admin.sessionHash, options.challenge);
  return options;
}

export async function verifyPasskeySignIn(
  deps: AppDeps,
  admin: SignedInAdmin,
  response: AuthenticationResponseJSON,
  meta: RequestMeta,
): Promise<Completed> {
  await assertMayVerify(deps, admin);
  await chargeFactorAttempt(deps, admin, meta);
  const rp = relyingParty(deps.config.siteUrl);
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const { challenge } = await takeSessionSecrets(trx, admin.sessionHash);
    const factor = await findPasskey(trx, admin.id, response.id);
    if (!challenge || !factor) return null;
    await setSessionChallenge(trx, admin.sessionHash, null);
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: factor.credential_id ?? '',
        publicKey: new Uint8Array(Buffer.from(factor.public_key ?? '', 'base64url')),
        counter: Number(factor.sign_count),
        transports: (factor.transports ?? undefined) as AuthenticatorTransport[] | undefined,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) return 'failed' as const;
    await markPasskeyUsed(trx, factor.id, verification.authenticationInfo.newCounter, now);
    await refundLoginAttempt(trx, meta.ip, throttleName(admin), now);
    return completeSignIn(trx, deps, admin, 'passkey', 'Admin signed in with a passkey', meta, null);
  });
  if (done && done !== 'failed') return done;
  await auditFailure(deps, admin, meta, 'Passkey not verified');
  throw refused('invalid_credentials', MESSAGES.adminPasskeyFailed);
}

// ---------------------------------------------------------------------------------------------
// Removing a factor (full session): never the last one, or the next sign-in could not be confirmed.

export async function removeFactor(deps: AppDeps, admin: SignedInAdmin, id: string, meta: RequestMeta): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockAdmin(trx, admin.id);
    const factors = await listFactors(trx, admin.id);
    const factor = factors.find((f) => f.id === id);
    if (!factor) throw refused('not_found', MESSAGES.adminFactorNotFound);
    if (factors.length <= 1) throw refused('conflict', MESSAGES.adminLastFactor);
    await deleteFactor(trx, admin.id, id);
    await writeAudit(trx, {
      table_name: 'admin_factors',
      record_id: id,
      admin: { id: admin.id, email: admin.email },
      action_type: 'DELETE',
      reason: factor.kind === 'passkey' ? 'Passkey removed' : 'Authenticator app removed',
      old_values: { kind: factor.kind, label: factor.label },
      ip: meta.ip,
      user_agent: meta.user_agent,
      at: deps.now(),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Losing every factor: only someone with command-line access to the server's database can clear
// them (npm run admin:reset-factors); the admin then enrols again at the next sign-in.

export class FactorResetError extends Error {}

export async function resetAdminFactors(
  db: Kysely<DB>,
  email: string,
  now: Date,
): Promise<{ admin: { id: string; email: string }; factors: number }> {
  const user = await findAdminByEmail(db, email);
  if (!user) throw new FactorResetError(`No admin has the email ${email.trim()}.`);
  const admin = { id: user.id, email: user.email };
  const factors = await db.transaction().execute(async (trx) => {
    await lockAdmin(trx, admin.id);
    const removed = await deleteAllFactors(trx, admin.id);
    await revokeAdminSessions(trx, admin.id, now);
    await writeAudit(trx, {
      table_name: 'admin_users',
      record_id: admin.id,
      action_type: 'UPDATE',
      reason: `Second factors cleared (admin:reset-factors command): ${removed} removed, recovery codes void, sessions ended`,
      at: now,
    });
    return removed;
  });
  return { admin, factors };
}

/**
 * Enrols an authenticator-app secret chosen on the command line (admin:create --totp-secret),
 * for scripted installs and the browser tests; codes are then computed from it like any app does.
 */
export function checkTotpSecret(secret: string): void {
  if (!/^[A-Z2-7]{16,128}$/.test(secret))
    throw new FactorResetError('The TOTP secret must be base32 (A-Z, 2-7), 16 to 128 characters.');
}

export async function enrolTotpSecret(db: Kysely<DB>, admin: { id: string; email: string }, secret: string, now: Date): Promise<void> {
  checkTotpSecret(secret);
  await db.transaction().execute(async (trx) => {
    const row = await insertFactor(trx, {
      admin_id: admin.id,
      kind: 'totp',
      label: 'Authenticator app',
      created_at: now,
      totp_secret: secret,
    });
    await writeAudit(trx, {
      table_name: 'admin_factors',
      record_id: row.id,
      action_type: 'CREATE',
      reason: 'Authenticator app enrolled (admin:create command)',
      new_values: { kind: 'totp', label: row.label },
      at: now,
    });
  });
}
