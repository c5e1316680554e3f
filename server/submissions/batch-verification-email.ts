// One confirmation e-mail per address for a batch of registrations, not one per work: the works
// of the batch share one token, so one link confirms them all (verifyEmailToken). Queued like the
// single one (email-verification.ts), after the works are registered, never failing them: the
// token and the message are written in one transaction (decision 0058). The message names only
// registry IDs and the site (decision 0053), never the titles.
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import type { MailSender } from '../mail/mail-queue';
import { newVerifyToken, verifyLink, type MailLog } from './email-verification';
import { storeVerifyTokenForWorks } from './submissions-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

export interface BatchWorkToConfirm {
  id: string;
  registry_id: string;
  author_email: string;
}

function messageFor(works: readonly BatchWorkToConfirm[], link: string, siteUrl: string) {
  const text = [
    `Thank you for registering ${works.length} works with ${SITE_NAME}:`,
    '',
    ...works.map((work) => `- ${work.registry_id}: ${siteUrl}/verify/${work.registry_id}`),
    '',
    'Please confirm your e-mail address: open this page and press the button (it confirms all of them).',
    link,
    '',
    "A verified address raises each work's trust score. Your address is never shown publicly.",
    '',
    'If you did not submit these works, ignore this message.',
  ].join('\n');
  return { subject: `Confirm your e-mail for ${works.length} registered works`, text };
}

export async function queueBatchVerificationEmails(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mail: MailSender,
  log: MailLog,
  works: readonly BatchWorkToConfirm[],
): Promise<void> {
  const byAddress = new Map<string, BatchWorkToConfirm[]>();
  for (const work of works) {
    const address = work.author_email.toLowerCase();
    byAddress.set(address, [...(byAddress.get(address) ?? []), work]);
  }
  for (const group of byAddress.values()) {
    const { token, hash } = newVerifyToken();
    const ids = group.map((work) => work.id);
    const { subject, text } = messageFor(group, verifyLink(deps.config.siteUrl, token), deps.config.siteUrl);
    try {
      await ledgerTransaction(deps.db, async (trx) => {
        await storeVerifyTokenForWorks(trx, ids, hash, deps.now());
        await mail.send(
          { to: group[0].author_email, subject, text },
          { db: trx, key: `verify-batch:${ids[0]}`, context: { submissions: ids.join(',') } },
        );
      });
    } catch (err) {
      log.error({ err, submissions: ids }, 'could not queue the verification e-mail of a batch');
    }
  }
  mail.wake();
}
