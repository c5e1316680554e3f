// Commitments stated on the legal pages (docs/product.md §1 and §9; decision 0006). One place, so the
// terms and the privacy policy always say the same thing.
export const LEGAL_LAST_UPDATED = '22 November 2026';
export const MINIMUM_AGE = 18;
export const NOT_FOR_UNDER = 13;
export const REMOVAL_REVIEW = '48-72 hours';
export const RIGHTS_RESPONSE = '72 hours';
export const GOVERNING_LAW = 'the Commonwealth of Pennsylvania, United States';
