// Texts that depend on how this deployment is configured (decision 31 of the product decisions:
// pages describe the deployment as it is). They are built from the facts the server publishes at
// GET /api/site, so a page never claims a witness check that this registry does not make.
import { MESSAGES } from './messages';
import type { SiteConfig } from './site';

export type LogWitnessing = Pick<SiteConfig, 'log_witnesses' | 'log_witness_quorum'>;

/** Whether the log's checkpoints must be cosigned by independent witnesses before proofs use them. */
export function witnessed(site: LogWitnessing): boolean {
  return site.log_witnesses > 0 && site.log_witness_quorum > 0;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** /verify-proof's introduction: what the browser checks here, and nothing else. */
export function verifyProofIntroText(site: LogWitnessing): string {
  const checks = [
    'that the record is in the public log',
    'that the log is signed with this registry’s published key',
    ...(witnessed(site)
      ? [
          `that ${site.log_witness_quorum === site.log_witnesses ? `all ${count(site.log_witnesses, 'independent witness', 'independent witnesses')}` : `at least ${site.log_witness_quorum} of the ${count(site.log_witnesses, 'independent witness', 'independent witnesses')}`} of this registry confirmed the log’s state`,
        ]
      : []),
    'and, if you add it, that the image is the registered file',
  ];
  return `${MESSAGES.verifyProofIntro.description} Your browser checks ${checks.join(', ')}. Nothing is uploaded.`;
}

/** The About page's sentence on witnesses; null when the log has none. */
export function aboutWitnessesText(site: LogWitnessing): string | null {
  if (!witnessed(site)) return null;
  return (
    `${count(site.log_witnesses, 'independent witness cosigns', 'independent witnesses cosign')} our log’s checkpoints, so that ` +
    'no single operator has to be trusted; the log’s policy at /log/policy names them, and proofs use only checkpoints they confirmed.'
  );
}

/** What /verify-proof says about files it cannot use. */
export const PROOF_FILES_TEXT = {
  unreadableZip: (name: string) => `${name} cannot be opened as a zip file.`,
  noProofInZip: (name: string) => `${name} holds no proof.json: use the bundle from a work’s downloads.`,
  severalImagesInZip: (name: string) => `${name} holds more than one image: drop the image to check on its own.`,
  zipTooLarge: (name: string) => `${name} is too large to be a proof bundle.`,
  imageTooLarge: (name: string) => `${name} is larger than the largest image the registry accepts.`,
  proofTooLarge: (name: string) => `${name} is too large to be a proof file.`,
} as const;
