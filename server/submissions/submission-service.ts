// POST /api/submissions without the HTTP: a validated, normalised body in, a registered work out
// (decision 0034). The server decides the score, the registry number, the
// public flag and the verification method; the client's word on any of them is never read.
//
// One transaction claims the upload and takes its image's lock, then takes the registration lock
// (so numbers follow commit order), draws the registry number and reads the exact copies (so of
// two registrations of one file the second sees the first), appends the transparency-log leaf,
// inserts the work with the C2PA manifest store its upload carried and tells the live ledger
// pages about it: all of it commits or none, and a rolled-back registration gives its number
// back (works/works-repository.ts lockRegistrationsAndDrawSeqs). Five round trips (begin, claim,
// number, insert, commit); the registration lock is held for the last two only. The upload's
// files become the work's files; if anything fails they (and the store) stay with the upload
// row, which the expiry cleanup removes.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { appError, type AppError } from '../../core/app-error';
import type { ErrorCode } from '../../core/error-codes';
import type { SubmissionCreated } from '../../core/api-types';
import { formatRegistryId } from '../../core/ids';
import { MESSAGES } from '../../core/messages';
import { trustStatus } from '../../core/status';
import type { NormalisedSubmission } from '../../core/submission';
import type { AppDeps } from '../deps';
import { preparedDrawOfOne, recordRegistrations } from '../works/registration';
import { NO_WORK_EVENTS, type WorkEvents } from '../works/work-events';
import { moveManifestStoresToWorks } from '../works/c2pa-manifest-stores-repository';
import { inviteCoAuthors } from '../works/co-author-invitations';
import { queueVerificationLink } from './email-verification';
import { newLinkToken } from '../mail/link-tokens';
import { gatherSignals } from './registry-evidence';
import { databaseRegistryEvidence, exactCopiesSql, toExactDuplicates } from './registry-evidence-repository';
import type { LinkChecks } from '../link-proofs/link-checks';
import type { MailSender } from '../mail/mail-queue';
import { registryQueryFor, scoreRegistration, submissionRow } from './registration-record';
import { consumeUploadLockingImage, findUpload, type UploadRow } from './uploads-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

export const UPLOAD_ALREADY_USED = MESSAGES.uploadAlreadyUsed;

/** The registration number, drawn with the exact copies of the image (read once its lock is held). */
const drawSeqWithExactCopies = preparedDrawOfOne((q: { imageHash: string; artistName: string }) => exactCopiesSql(q));

export interface RegisterOptions {
  /** Registration time; tests backdate works with it. Default: deps.now(). */
  now?: Date;
  /** The queue of the verification e-mail; without one, none is sent. */
  mail?: MailSender;
  /** The queue of link checks (issue 33); without one, the links stay unchecked. */
  linkChecks?: LinkChecks;
  /** Where the work.registered webhook event is queued; without one, none is sent. */
  events?: WorkEvents;
  /** Where a failure to queue a co-author invitation is logged (the work is registered by then). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export interface RegisteredWork extends SubmissionCreated {
  registry_seq: number;
  log_index: number;
}

function uploadRefused(message: { title: string; description: string }, code: ErrorCode): AppError {
  return appError(code, message.description, { title: message.title, fields: { upload_id: message.description } });
}

async function usableUpload(deps: Pick<AppDeps, 'db' | 'store'>, uploadId: string, now: Date): Promise<UploadRow> {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload) throw uploadRefused(MESSAGES.uploadIncomplete, 'upload_incomplete');
  if (upload.consumed_at) throw uploadRefused(UPLOAD_ALREADY_USED, 'upload_used');
  // Its files were never all written (the upload failed or the server stopped mid-way).
  if (!upload.files_stored_at) throw uploadRefused(MESSAGES.uploadNotStored, 'upload_not_stored');
  if (new Date(upload.expires_at) <= now) throw uploadRefused(MESSAGES.uploadNotFound, 'upload_expired');
  // The files live in the shared store, whichever process took the upload. Ones lost since (a
  // store restored from an older backup, a bucket emptied by hand) are refused before anything
  // is registered: a work must never point at an image that is not there.
  const [original, derivative] = await Promise.all([
    deps.store.exists('originals', upload.original_key),
    deps.store.exists('artworks', upload.derivative_key),
  ]);
  if (!original || !derivative) throw uploadRefused(MESSAGES.uploadFilesMissing, 'upload_files_missing');
  return upload;
}

export async function registerSubmission(
  deps: Pick<AppDeps, 'db' | 'store' | 'config' | 'now'>,
  body: NormalisedSubmission,
  options: RegisterOptions = {},
): Promise<RegisteredWork> {
  const createdAt = options.now ?? deps.now();
  const upload = await usableUpload(deps, body.upload_id, createdAt);

  const registryQuery = registryQueryFor(body, upload);
  // Read outside the transaction: on the embedded database the transaction holds the only
  // connection, and these reads need none of its locks. Exact copies are looked for once, under
  // the lock, where the look sees every earlier work.
  const outsideLock = await gatherSignals(databaseRegistryEvidence(deps.db), registryQuery, ['exactDuplicates']);

  const id = crypto.randomUUID();
  const verification = options.mail ? newLinkToken() : undefined;
  // Answered once this process's first pages show the work (decision 0044): waitUntilShown.
  const { registryId, seq, leafIndex, trust } = await ledgerTransaction(
    deps.db,
    async (trx) => {
      // Two people registering the same image at the same moment cannot both pass as the original:
      // the image's lock, taken with the claim, makes the second wait for the first's commit.
      const claimed = await consumeUploadLockingImage(trx, upload.id, registryQuery.imageHash, createdAt);
      if (!claimed) throw uploadRefused(UPLOAD_ALREADY_USED, 'upload_used');
      // The exact copies are read with the number, after the image's lock was granted: that read
      // sees the work of any earlier registration of the same file.
      const {
        seqs: [seq],
        alongside: copies,
      } = await drawSeqWithExactCopies(trx, { imageHash: registryQuery.imageHash, artistName: registryQuery.artistName });
      const registry = { ...outsideLock, ...toExactDuplicates(copies) };
      const registryId = formatRegistryId(createdAt.getUTCFullYear(), seq);
      const trust = scoreRegistration(body, upload, registry, createdAt, { siteUrl: deps.config.siteUrl, registryId });
      const row = {
        ...submissionRow(body, upload, { id, seq, registryId, trust, registry, createdAt }, deps.config.s3?.publicUrl ?? null),
        // The e-mailed link's token is stored with the work: no second write to the row after commit.
        ...(verification && { email_verify_token_hash: verification.hash, email_verify_sent_at: deps.now() }),
      };
      const [leafIndex] = await recordRegistrations(trx, [row], options.events ?? NO_WORK_EVENTS);
      if (upload.c2pa_manifest_store) await moveManifestStoresToWorks(trx, [{ submissionId: id, uploadId: upload.id }]);
      // The e-mail is queued with the work (decision 0058): sent if and only if the work is registered.
      if (options.mail && verification) {
        const work = { id, registry_id: registryId, author_email: body.author_email };
        await queueVerificationLink(deps, options.mail, trx, work, verification.token);
      }
      // The links are fetched after the commit, never in the request (decision 0061).
      await options.linkChecks?.queue(trx, id);
      return { registryId, seq, leafIndex, trust };
    },
    { waitUntilShown: true },
  );

  options.mail?.wake();
  options.linkChecks?.wake();
  options.events?.wake();

  // Co-authors are asked after the commit, each in a short transaction of its own (decision 0064):
  // never under the registration lock. Should this fail, the work stands and the manage page resends.
  if (options.mail && body.co_author_invites.length > 0) {
    const work = { id, registry_id: registryId, co_authors: body.co_authors };
    await inviteCoAuthors(deps, options.mail, work, body.co_author_invites).catch((error: unknown) => {
      options.log?.error({ err: error, submission: id }, 'co-author invitations not queued');
    });
  }

  return {
    id,
    registry_id: registryId,
    trust_meter: trust.score,
    status: trustStatus(trust.score).label,
    verify_url: `${deps.config.siteUrl}/verify/${id}`,
    registry_seq: seq,
    log_index: leafIndex,
  };
}
