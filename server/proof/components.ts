// The five trust components (docs/product.md §2 export) in the order the spec lists them, with their labels.
import type { PublicWork, TrustDimensionKey } from '../../core/api-types';

import { TRUST_DIMENSION_KEYS as COMPONENT_KEYS, TRUST_DIMENSION_LABELS as COMPONENT_LABELS } from '../../core/proof-text';

export interface ComponentScore {
  key: TrustDimensionKey;
  name: string;
  score: number;
  max: number;
}

/** Scores of the five components; a work scored before a dimension existed shows 0 of 20. */
export function componentScores(work: Pick<PublicWork, 'trust'>): ComponentScore[] {
  return COMPONENT_KEYS.map((key) => {
    const dim = work.trust?.dimensions?.[key];
    return { key, name: COMPONENT_LABELS[key], score: Number(dim?.score ?? 0), max: Number(dim?.max ?? 20) };
  });
}
