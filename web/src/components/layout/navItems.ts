// The main navigation (docs/product.md §2 "Navigation bar"); labels are the spec's.
export interface NavItem {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { to: '/features', label: 'Features' },
  { to: '/implementation', label: 'How It Works' },
  { to: '/ledger', label: 'Browse Art' },
  { to: '/about', label: 'About' },
];

export const REMOVE_ART: NavItem = { to: '/removal-request', label: 'Remove Art' };
export const FAST_SUBMIT: NavItem = { to: '/fast-submit', label: 'Fast Submit' };

/** The id of the quick-start form section on Home. */
export const SUBMIT_SECTION_ID = 'submit';
