// bundle.zip (the files of BUNDLE_FILE_NAMES) and bundle.txt (docs/product.md §2, badge downloads:
// the list with each file's size and SHA-256, so a downloaded bundle can be checked file by file).
import yazl from 'yazl';
import type { PublicWork } from '../../core/api-types';
import { checkAProofText } from '../../core/proof-text';
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

export function bundleListText(
  work: Pick<PublicWork, 'registry_id' | 'title' | 'artist_name' | 'verify_url'>,
  files: BundleFile[],
): string {
  const width = Math.max(...files.map((f) => f.name.length)) + 2;
  return [
    `${SITE_NAME} proof bundle for ${work.registry_id}`,
    `${work.title} by ${work.artist_name}`,
    `Proof page: ${work.verify_url}`,
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
