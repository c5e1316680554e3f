// Each export format's uncached answer at limit=1000, against JSON's (issue 38: "every export format
// at limit=1000 cold ≤ 2× JSON cold"). One first answer per format is a single sample on a shared
// machine, and whichever format asks a page first also reads its rows from disk; so each round asks
// a page no one has asked for yet (offset 1000, 2000, …: never cached) in every format, the formats
// in a rotated order so that each is the first to read a page as often as the others, and the
// median of each format's rounds is compared.
import { get, percentiles } from './measure';

export const EXPORT_FORMATS = ['json', 'xml', 'csv', 'rss'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Rounds of uncached pages; a multiple of the formats, so each is first equally often. */
const ROUNDS = 8;
const LIMIT = 1000;

export interface ColdExports {
  /** Median ms of each format's uncached answers. */
  medianMs: Record<ExportFormat, number>;
  rounds: number;
}

export async function measureColdExports(baseUrl: string): Promise<ColdExports> {
  const times: Record<ExportFormat, number[]> = { json: [], xml: [], csv: [], rss: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const offset = (round + 1) * LIMIT;
    const order = EXPORT_FORMATS.map((_, i) => EXPORT_FORMATS[(i + round) % EXPORT_FORMATS.length]);
    for (const format of order) {
      const started = performance.now();
      await get(`${baseUrl}/api/v1/ledger?limit=${LIMIT}&offset=${offset}&format=${format}`);
      times[format].push(performance.now() - started);
    }
  }
  const medianMs = Object.fromEntries(EXPORT_FORMATS.map((format) => [format, percentiles(times[format]).p50])) as Record<
    ExportFormat,
    number
  >;
  return { medianMs, rounds: ROUNDS };
}
