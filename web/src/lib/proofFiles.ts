// The files a person drops on /verify-proof, told apart by their bytes, not their names: a bundle
// (.zip, read here with fflate: its proof.json and, when it holds one, the image), a proof file
// (proof.json, proof.jsonld or a .tlog-proof) and an image (JPG, PNG, WebP). Each has a budget
// checked before it is read; a zip's entries are checked by their declared size before inflating.
import { unzipSync } from 'fflate';
import { MAX_IMAGE_BYTES } from '#core/constants';
import { PROOF_FILES_TEXT } from '#core/deployment-texts';
import { PROOF_FILE_MAX_BYTES } from '#core/registration-proof-check';
import { bytesToHex } from '#core/tlog-verify';
import { detectImageMime } from '../components/submit/imageFileCheck';

/** A bundle holds seven or eight small files (badges, exports, reports): a few megabytes at most. */
export const BUNDLE_ZIP_MAX_BYTES = 32 * 1024 * 1024;
/** The proof files a bundle holds, preferred in this order. */
const PROOF_NAMES = ['proof.json', 'proof.tlog-proof', 'proof.jsonld'];
/** The bundle's own pictures (its badges) are not the registered image. */
const isBadge = (name: string) => /^badge[-.]/.test(baseName(name));
const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

export interface ChosenProof {
  name: string;
  text: string;
  /** The zip it was read from, if any. */
  from?: string;
}

export interface ChosenImage {
  name: string;
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: string;
  from?: string;
}

export interface ReadFiles {
  proof?: ChosenProof;
  image?: ChosenImage;
  /** Sentences about files that could not be used, for the person. */
  problems: string[];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** proof.json and the image from a bundle zip. */
async function readZip(name: string, bytes: Uint8Array, into: ReadFiles): Promise<void> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (entry) =>
        (PROOF_NAMES.includes(baseName(entry.name)) && entry.originalSize <= PROOF_FILE_MAX_BYTES) ||
        (IMAGE_NAME.test(entry.name) && !isBadge(entry.name) && entry.originalSize <= MAX_IMAGE_BYTES),
    });
  } catch {
    into.problems.push(PROOF_FILES_TEXT.unreadableZip(name));
    return;
  }
  const names = Object.keys(entries);
  const proofName = PROOF_NAMES.map((wanted) => names.find((n) => baseName(n) === wanted)).find(Boolean);
  if (!proofName) {
    into.problems.push(PROOF_FILES_TEXT.noProofInZip(name));
  } else {
    into.proof = { name: baseName(proofName), text: new TextDecoder().decode(entries[proofName]), from: name };
  }
  const images = names.filter((n) => IMAGE_NAME.test(n) && detectImageMime(entries[n]) !== null);
  if (images.length === 1) into.image = { name: baseName(images[0]), sha256: await sha256Hex(entries[images[0]]), from: name };
  else if (images.length > 1) into.problems.push(PROOF_FILES_TEXT.severalImagesInZip(name));
}

/**
 * Sorts the dropped or chosen files into the proof and the image. A file given later replaces an
 * earlier one of its kind, so a person can drop the zip, then the image.
 */
export async function readProofFiles(files: File[], earlier: Omit<ReadFiles, 'problems'> = {}): Promise<ReadFiles> {
  const result: ReadFiles = { ...earlier, problems: [] };
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
    if (isZip(head)) {
      if (file.size > BUNDLE_ZIP_MAX_BYTES) result.problems.push(PROOF_FILES_TEXT.zipTooLarge(file.name));
      else await readZip(file.name, new Uint8Array(await file.arrayBuffer()), result);
    } else if (detectImageMime(head)) {
      if (file.size > MAX_IMAGE_BYTES) result.problems.push(PROOF_FILES_TEXT.imageTooLarge(file.name));
      else result.image = { name: file.name, sha256: await sha256Hex(new Uint8Array(await file.arrayBuffer())) };
    } else if (file.size > PROOF_FILE_MAX_BYTES) {
      result.problems.push(PROOF_FILES_TEXT.proofTooLarge(file.name));
    } else {
      result.proof = { name: file.name, text: await file.text() };
    }
  }
  return result;
}
