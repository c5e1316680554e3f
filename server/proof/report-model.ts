// What the TXT and PDF reports say, built once so the two never disagree: a title and sections
// of label/value rows. Only public fields; the e-mail address is never part of it.
import type { PublicWork } from '../../core/api-types';
import { SEMANTIC_TOKENS, TRUST_MAX, verificationMethodLabel } from '../../core/constants';
import { trustStatus } from '../../core/status';
import { publicSemanticTokens } from '../../core/tokens';
import { SITE_NAME } from '../../core/site';
import type { ProofBundle } from '../tlog/proofs';
import { checkAProofText, LOG_ENTRY_NUMBERING, logEntryNumber, logSizeText, workCitation } from '../../core/proof-text';
import { componentScores } from './components';

export interface ReportSection {
  heading: string;
  rows: [label: string, value: string][];
  /** Preformatted text shown after the rows under its own label (e.g. the signed checkpoint). */
  block?: { label: string; text: string };
}

export interface ReportModel {
  title: string;
  subtitle: string;
  sections: ReportSection[];
  footer: string;
}

/** Origin, size and root hash (hex) of a C2SP checkpoint note; null if it does not parse. */
export function checkpointSummary(note: string): { origin: string; treeSize: number; rootHashHex: string } | null {
  const [origin, size, rootB64] = note.split('\n');
  if (!origin || !/^\d+$/.test(size ?? '') || !rootB64) return null;
  const root = Buffer.from(rootB64, 'base64');
  if (root.length !== 32) return null;
  return { origin, treeSize: Number(size), rootHashHex: root.toString('hex') };
}

export interface ReportOptions {
  /** Characters of the prompt the report prints (the PDF's pages are counted); unset: all of it. */
  promptLimit?: number;
}

/** The text up to `limit` characters, cut after a word, with a note of what follows and where. */
function shortened(text: string, limit: number | undefined): string {
  const chars = [...text];
  if (limit === undefined || chars.length <= limit) return text;
  const head = chars.slice(0, limit).join('');
  const cut = head.replace(/\s+\S*$/u, '');
  const kept = cut.length >= head.length / 2 ? cut : head;
  const rest = chars.length - [...kept].length;
  return `${kept} … [${rest.toLocaleString('en-US')} more characters: the full prompt is on the proof page and in report.txt]`;
}

export function buildReportModel(work: PublicWork, proof: ProofBundle | null, options: ReportOptions = {}): ReportModel {
  const status = trustStatus(work.trust_meter);
  const tokens = publicSemanticTokens(work.prompt, work.prompt_visibility, SEMANTIC_TOKENS.export);
  const sections: ReportSection[] = [
    {
      heading: 'Record',
      rows: [
        ['Title', work.title],
        ['Artist', work.artist_name],
        ['Registry ID', work.registry_id],
        ['Submission ID', work.id],
        ['Registered (UTC)', new Date(work.created_at).toISOString()],
        ['Proof URL', work.verify_url],
      ],
    },
    {
      heading: 'Trust score',
      rows: [
        ['Score', `${work.trust_meter}/${TRUST_MAX} (${status.label})`],
        ...componentScores(work).map((c): [string, string] => [c.name, `${c.score}/${c.max}`]),
      ],
    },
    {
      heading: 'Image',
      rows: [
        ['SHA-256', work.image_hash ?? 'not recorded'],
        ['Dimensions', work.image_dimensions ? work.image_dimensions.replace(',', ' x ') : 'not recorded'],
        ['File type', work.image_file_type ?? 'not recorded'],
        ['File size', work.image_file_size != null ? `${work.image_file_size} bytes` : 'not recorded'],
      ],
    },
    {
      heading: 'Provenance',
      rows: [
        ['Tool', work.tool],
        ['Platform', work.platform],
        ['Tags', work.tags.join(', ')],
        ['Verification method', verificationMethodLabel(work.verification_method)],
        ['E-mail verified', work.email_verified ? 'yes' : 'no'],
        ['Embedded metadata', work.embedded_metadata?.found?.length ? work.embedded_metadata.found.join('; ') : 'none found'],
        ['Licence', work.artwork_license],
        [
          'Prompt',
          work.prompt_visibility === 'public' && work.prompt
            ? shortened(work.prompt, options.promptLimit)
            : 'Prompt kept private by artist',
        ],
        ...(work.prompt_visibility === 'public' ? [['Semantic tokens', tokens.join(', ') || 'none'] as [string, string]] : []),
      ],
    },
  ];
  const checkpoint = proof ? checkpointSummary(proof.checkpoint) : null;
  const origin = new URL(work.verify_url).origin;
  sections.push(
    proof
      ? {
          heading: 'Transparency log',
          rows: [
            // The entry number as every page writes it; the checkpoint's size apart, since it grows (decision 0052).
            ['Log entry', logEntryNumber(proof.leaf_index)],
            ['Checkpoint', logSizeText(checkpoint?.treeSize ?? proof.tree_size)],
            ['Entry numbers', LOG_ENTRY_NUMBERING],
            ['Leaf hash', proof.leaf_hash],
            ['Root hash', checkpoint?.rootHashHex ?? 'see the signed checkpoint'],
            ['Log origin', proof.log_origin],
            ['Verifier key', proof.vkey],
            // The site's own key, pinned on first use: never the key printed in the bundle (issue 15).
            ['Check a proof', checkAProofText(origin)],
            ['For developers', `npm run verify -- proof.json [image file] --site ${origin}`],
          ],
          block: { label: 'Signed checkpoint', text: proof.checkpoint },
        }
      : { heading: 'Transparency log', rows: [['Log entry', 'not yet in the log']] },
  );
  sections.push({ heading: 'Citation', rows: [['Cite as', workCitation(work)]] });
  return {
    title: `${SITE_NAME} Authentication Report`,
    subtitle: `${work.title} by ${work.artist_name}`,
    sections,
    footer: `Every value above can be checked at ${work.verify_url} and against the public transparency log.`,
  };
}
