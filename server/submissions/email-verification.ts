// E-mail verification (decision 0013): the submitter gets a link with a random token; opening it
// marks the address verified and re-scores the work. Only the token's SHA-256 is stored, so a
// database leak does not hand out working links. The address is never shown publicly.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import type { Submission } from '../db/types';
import { buildTrustEvidence } from './evidence';
import { gatherRegistryEvidence } from './registry-evidence';
import { databaseRegistryEvidence } from './registry-evidence-repository';
import { MESSAGES } from '../../core/messages';
import type { Mailer } from './mailer';
import { findByVerifyTokenHash, markEmailVerified, storeVerifyToken } from './submissions-repository';
import { computeTrust, type TrustResult } from './trust';
import { findUploadByDerivativeKey } from './uploads-repository';

export const VERIFY_EMAIL_PATH = '/api/submissions/verify-email';

export const INVALID_VERIFY_LINK = MESSAGES.emailLinkInvalid;

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newVerifyToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function verifyLink(siteUrl: string, token: string): string {
  return `${siteUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

function messageFor(work: { title: string; registry_id: string }, link: string, proofUrl: string) {
  const text = [
    `Thank you for registering "${work.title}" (${work.registry_id}) with ${SITE_NAME}.`,
    '',
    'Please confirm your e-mail address by opening this link:',
    link,
    '',
    "A verified address raises the work's trust score. Your address is never shown publicly.",
    `Proof page: ${proofUrl}`,
    '',
    'If you did not submit this work, ignore this message.',
  ].join('\n');
  return { subject: `Confirm your e-mail for ${work.registry_id}`, text };
}

/**
 * Stores a fresh token for the work, then hands the message to the mailer without waiting for
 * the SMTP server: a slow or failed e-mail must never delay or fail the registration, so
 * problems are logged (without the address). Mailer.idle() waits for the delivery.
 */
export async function sendVerificationEmail(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mailer: Mailer,
  log: MailLog,
  work: { id: string; registry_id: string; title: string; author_email: string },
): Promise<void> {
  const { token, hash } = newVerifyToken();
  try {
    await storeVerifyToken(deps.db, work.id, hash, deps.now());
  } catch (err) {
    log.error({ err, submission: work.id }, 'could not store the e-mail verification token');
    return;
  }
  const link = verifyLink(deps.config.siteUrl, token);
  const { subject, text } = messageFor(work, link, `${deps.config.siteUrl}/verify/${work.id}`);
  mailer.send({ to: work.author_email, subject, text }).then(
    (sent) => {
      if (mailer.kind === 'outbox') {
        // Development: no SMTP server, so the link goes to the log and the outbox file.
        log.info({ submission: work.id, file: sent.file, link }, 'verification e-mail written to the outbox');
      } else {
        log.info({ submission: work.id }, 'verification e-mail sent');
      }
    },
    (err: unknown) => log.error({ err, submission: work.id }, 'could not send the verification e-mail'),
  );
}

/** The work's score recomputed with a verified e-mail, from the evidence as it stood when it was registered. */
export async function rescoreWithVerifiedEmail(deps: Pick<AppDeps, 'db'>, work: Submission): Promise<TrustResult> {
  const upload = work.image_key ? await findUploadByDerivativeKey(deps.db, work.image_key) : undefined;
  const resources = Array.isArray(work.verification_resources) ? (work.verification_resources as { type: string; url: string }[]) : [];
  const profileLinks = resources.filter((r) => r.type === 'artist_profile').map((r) => r.url);
  const registry = await gatherRegistryEvidence(databaseRegistryEvidence(deps.db), {
    imageHash: work.image_hash ?? '',
    phash: work.image_phash,
    artistName: work.artist_name,
    profileLinks,
    beforeSeq: Number(work.registry_seq),
  });
  const createdAt = new Date(work.created_at);
  return computeTrust(
    buildTrustEvidence(
      {
        title: work.title,
        prompt: work.prompt,
        promptVisibility: work.prompt_visibility,
        tool: work.tool,
        toolOther: work.tool_other,
        story: work.story_context,
        resources,
        coAuthors: work.co_authors,
        imageSha256: work.image_hash ?? '',
      },
      registry,
      // The upload row keeps the file's full metadata; the work keeps a copy without a private prompt.
      upload?.metadata ?? work.embedded_metadata,
      { submittedAt: createdAt, loggedAt: work.log_index === null ? null : createdAt, emailVerified: true },
    ),
  );
}

/** Opens a verification link: the work's id, or null when the token is unknown or already used. */
export async function verifyEmailToken(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<{ id: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = hashToken(token);
  const work = await findByVerifyTokenHash(deps.db, hash);
  if (!work) return null;
  const trust = await rescoreWithVerifiedEmail(deps, work);
  const updated = await markEmailVerified(deps.db, work.id, hash, trust, deps.now());
  return updated ? { id: work.id } : null;
}
