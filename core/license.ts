// Permission checkboxes (fast-submit step 5) and the licence derived from them (docs/product.md §5).

export interface Permissions {
  allow_ai_training: boolean;
  restrict_usage: boolean;
  remix_allowed: boolean;
  no_commercial: boolean;
  sensitive_content: boolean;
  must_give_credit: boolean;
}

export type PermissionKey = keyof Permissions;

export const PERMISSION_KEYS = [
  'allow_ai_training',
  'restrict_usage',
  'remix_allowed',
  'no_commercial',
  'sensitive_content',
  'must_give_credit',
] as const satisfies readonly PermissionKey[];

/** Checkbox defaults: everything off except 'must give credit'. */
export const DEFAULT_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  allow_ai_training: false,
  restrict_usage: false,
  remix_allowed: false,
  no_commercial: false,
  sensitive_content: false,
  must_give_credit: true,
});

export const PERMISSION_LABELS: Readonly<Record<PermissionKey, string>> = {
  allow_ai_training: 'Allow AI training',
  restrict_usage: 'Restrict usage',
  remix_allowed: 'Remix allowed',
  no_commercial: 'No commercial use',
  sensitive_content: 'Sensitive content',
  must_give_credit: 'Must give credit',
};

export const LICENSES = {
  by: 'CC BY 4.0',
  byNcSa: 'CC BY-NC-SA 4.0',
  byNcNd: 'CC BY-NC-ND 4.0',
  byNd: 'CC BY-ND 4.0',
  allRightsReserved: 'All Rights Reserved',
} as const;

export type ArtworkLicense = (typeof LICENSES)[keyof typeof LICENSES];

/**
 * The licence for a set of permission choices.
 *
 * Reading of docs/product.md §5: the list is an if / else-if chain that starts from 'CC BY 4.0' and
 * whose branches are tried in the order written:
 *   1. no commercial + remix      → CC BY-NC-SA 4.0
 *   2. no commercial, no remix    → CC BY-NC-ND 4.0
 *   3. commercial, no remix       → CC BY-ND 4.0
 *   4. restrict usage             → All Rights Reserved ("if no earlier branch matched")
 *   otherwise                     → CC BY 4.0 (the starting value)
 * Branches 1-3 cover every case except "commercial use allowed and remix allowed", so that is
 * the only case left for the last two: with 'restrict usage' it is All Rights Reserved, without
 * it CC BY 4.0. Every outcome is reachable. With the default checkboxes (remix and no-commercial
 * both off) branch 3 applies, so a work submitted without touching step 5 is CC BY-ND 4.0;
 * 'CC BY 4.0' is also what we show for a stored record that has no licence at all.
 * Training, sensitive-content and credit choices do not change the licence; they are stored and
 * shown on their own (decision 0012).
 */
export function deriveLicense(perms: Partial<Permissions>): ArtworkLicense {
  const p = { ...DEFAULT_PERMISSIONS, ...perms };
  if (p.no_commercial && p.remix_allowed) return LICENSES.byNcSa;
  if (p.no_commercial && !p.remix_allowed) return LICENSES.byNcNd;
  if (!p.no_commercial && !p.remix_allowed) return LICENSES.byNd;
  if (p.restrict_usage) return LICENSES.allRightsReserved;
  return LICENSES.by;
}
