// The downloadable files of one work (docs/product.md §2 badge downloads), each built from the public
// record and the transparency-log proof bundle, so one snapshot gives consistent files.
import { createHash } from 'node:crypto';
import type { PublicWork } from '../../core/api-types';
import type { BadgeSize } from '../../core/constants';
import { appError } from '../../core/app-error';
import { ERROR_CODES } from '../../core/error-codes';
import type { WitnessedProofBundle } from '../tlog/witnessing/proof-bundle';
import { buildAuthenticationExport } from './authentication-export';
import { badgePng } from './badge-png';
import { badgeSvg, type BadgeInput } from './badge-svg';
import { buildReportModel } from './report-model';
import { PDF_PROMPT_CHARS, renderReportPdf } from './report-pdf';
import { renderReportTxt } from './report-txt';

export interface ArtefactSource {
  work: PublicWork;
  /** Null only for a work that has no log leaf (not registered through the pipeline). */
  proof: WitnessedProofBundle | null;
  siteUrl: string;
}

export interface Artefact {
  data: Buffer;
  contentType: string;
}

/**
 * The files of bundle.zip, in the order bundle.txt lists them: the seven of docs/product.md §2 and
 * the proof as a C2SP tlog-proof file of its own (issue 35), for tools that read that format; a
 * work without a log entry has no tlog-proof.
 */
export const BUNDLE_FILE_NAMES = [
  'badge-large.png',
  'badge-small.png',
  'badge.svg',
  'proof.jsonld',
  'proof.json',
  'proof.tlog-proof',
  'report.txt',
  'report.pdf',
] as const;
export type BundleFileName = (typeof BUNDLE_FILE_NAMES)[number];

export function badgeInputFor(work: PublicWork): BadgeInput {
  return {
    kind: 'work',
    id: work.id,
    registryId: work.registry_id,
    title: work.title,
    artistName: work.artist_name,
    score: work.trust_meter,
    proofUrl: work.verify_url,
  };
}

function json(value: unknown, contentType: string): Artefact {
  return { data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`), contentType };
}

export function proofJson(src: ArtefactSource): unknown {
  return src.proof ?? { status: 'not_logged', message: ERROR_CODES.not_logged.message };
}

export async function renderArtefact(src: ArtefactSource, name: BundleFileName): Promise<Artefact> {
  const { work, proof, siteUrl } = src;
  switch (name) {
    case 'badge-large.png':
    case 'badge-small.png': {
      const size: BadgeSize = name === 'badge-large.png' ? 'large' : 'small';
      return { data: await badgePng(badgeInputFor(work), size), contentType: 'image/png' };
    }
    case 'badge.svg':
      return { data: Buffer.from(badgeSvg(badgeInputFor(work))), contentType: 'image/svg+xml; charset=utf-8' };
    case 'proof.jsonld':
      return json(buildAuthenticationExport(work, proof, siteUrl), 'application/ld+json; charset=utf-8');
    case 'proof.json':
      return json(proofJson(src), 'application/json; charset=utf-8');
    case 'proof.tlog-proof':
      if (!proof) throw appError('not_logged');
      return { data: Buffer.from(proof.tlog_proof), contentType: 'text/plain; charset=utf-8' };
    case 'report.txt':
      return { data: Buffer.from(renderReportTxt(buildReportModel(work, proof))), contentType: 'text/plain; charset=utf-8' };
    case 'report.pdf':
      return {
        data: await renderReportPdf(buildReportModel(work, proof, { promptLimit: PDF_PROMPT_CHARS }), {
          registryId: work.registry_id,
          createdAt: new Date(work.created_at),
          score: work.trust_meter,
        }),
        contentType: 'application/pdf',
      };
  }
}

export interface BundleFile {
  name: BundleFileName;
  data: Buffer;
  sha256: string;
}

export async function renderBundleFiles(src: ArtefactSource): Promise<BundleFile[]> {
  const files: BundleFile[] = [];
  // One at a time: the PNG renders are the costly part and would compete for the same cores.
  for (const name of BUNDLE_FILE_NAMES) {
    if (name === 'proof.tlog-proof' && !src.proof) continue;
    const { data } = await renderArtefact(src, name);
    files.push({ name, data, sha256: createHash('sha256').update(data).digest('hex') });
  }
  return files;
}

/** Download file name, e.g. 'VW-2026-000001-report.pdf'. */
export function downloadName(work: Pick<PublicWork, 'registry_id'>, file: string): string {
  return `${work.registry_id}-${file}`;
}
