import { DATASET_LICENSE } from '../../../core/constants';
import { SITE_NAME } from '../../../core/site';

/** The dataset as a whole (docs/product.md §9 "Dataset licence"). */
export const DATASET_LICENSE_NAME = DATASET_LICENSE;
export const DATASET_LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';
export const DATASET_LICENSE_NOTE =
  `The dataset as a whole is licensed ${DATASET_LICENSE_NAME}. Individual works may carry their own licence ` +
  "(each record's license field) and permissions (permissions.allow_ai_training and others); honour them.";

export const DATASET_NAME = `${SITE_NAME} Public Ledger`;

/**
 * The citation the API page asks dataset users to give (docs/product.md §2 /api/docs, §9), e.g.
 * "VeriWork Public Ledger (2026). AI-generated artwork registry dataset. Retrieved 2026-11-22
 * from https://example.org/api/v1/ledger. Licensed CC BY 4.0."
 */
export function datasetCitation(input: { siteUrl: string; retrievedAt?: Date }): string {
  const site = input.siteUrl.replace(/\/+$/, '');
  const day = (input.retrievedAt ?? new Date()).toISOString().slice(0, 10);
  return (
    `${DATASET_NAME} (${day.slice(0, 4)}). AI-generated artwork registry dataset. ` +
    `Retrieved ${day} from ${site}/api/v1/ledger. Licensed ${DATASET_LICENSE_NAME}.`
  );
}
