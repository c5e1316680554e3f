// bundle.zip (the files of BUNDLE_FILE_NAMES) and bundle.txt (docs/product.md §2, badge downloads:
// the list with each file's size and SHA-256, so a downloaded bundle can be checked file by file).
import yazl from 'yazl';
import type { PublicWork } from '../../core/api-types';
import { checkAProofText } from '../../core/proof-text';
import { DOMAIN_METHOD_LABELS, DOMAIN_PROOF_METHODS, type DomainProofMethod } from '../../core/api/domain-proofs';
import type { ProvenLinkIdentity } from '../../core/proven-identities';
import { SITE_NAME } from '../../core/site';
import type { BundleFile } from './artefacts';

/**
 * Zips the files with a fixed timestamp (the work's registration time), so the same files give
 * the same archive bytes.
 */
export function zipBundle(files: BundleFile[], mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.data, file.name, { mtime, mode: 0o100644, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function isDomainMethod(method: ProvenLinkIdentity['method']): method is DomainProofMethod {
  return (DOMAIN_PROOF_METHODS as readonly string[]).includes(method);
}

/** One proven identity: a page with its kind, or a domain with how it was proven (decision 0062). */
function identityLine(identity: ProvenLinkIdentity): string {
  const how = isDomainMethod(identity.method) ? `domain, ${DOMAIN_METHOD_LABELS[identity.method]}` : identity.kind;
  return `  ${identity.url} (${how}, proven ${identity.proven_at})`;
}

/**
 * What the registry proved about who registered the work (decision 0066): the score's rubric, whether
 * the name's claimant registered it, and each page that links back here (or domain its identity
 * proved) with the time of proof.
 */
function identityLines(work: Pick<PublicWork, 'trust_meter' | 'trust' | 'artist_confirmed' | 'proven_identities'>): string[] {
  const identities = work.proven_identities;
  const domains = identities.some((i) => isDomainMethod(i.method));
  return [
    `Trust score ${work.trust_meter}/100 under trust rubric ${work.trust.rubric_version}.`,
    work.artist_confirmed
      ? 'Registered by the identity that claimed this artist name.'
      : 'Not registered by an identity that claimed this artist name.',
    identities.length === 0
      ? 'Proven pages: none (no page given links back to this registry).'
      : domains
        ? 'Proven pages and domains (a page links back to this registry, a domain holds its proof token):'
        : 'Proven pages (each links back to this registry):',
    ...identities.map(identityLine),
  ];
}

export function bundleListText(
  work: Pick<
    PublicWork,
    'registry_id' | 'title' | 'artist_name' | 'verify_url' | 'trust_meter' | 'trust' | 'artist_confirmed' | 'proven_identities'
  >,
  files: BundleFile[],
): string {
  const width = Math.max(...files.map((f) => f.name.length)) + 2;
  return [
    `${SITE_NAME} proof bundle for ${work.registry_id}`,
    `${work.title} by ${work.artist_name}`,
    `Proof page: ${work.verify_url}`,
    ...identityLines(work),
    '',
    `The bundle (${work.registry_id}-bundle.zip) holds ${files.length} files:`,
    '',
    ...files.map((f) => `${f.name.padEnd(width)}${String(f.data.length).padStart(9)} bytes  sha256 ${f.sha256}`),
    '',
    'Check a file: sha256sum <file> (Linux), shasum -a 256 <file> (macOS), Get-FileHash <file> (Windows).',
    'proof.json and proof.jsonld carry the newest signed checkpoint, so they (and their hashes) change',
    'as the transparency log grows; each version proves the same registration.',
    `Check the proof in your browser: ${checkAProofText(new URL(work.verify_url).origin)}.`,
    `For developers: npm run verify -- proof.json [image file] --site ${new URL(work.verify_url).origin}`,
    '',
  ].join('\n');
}
