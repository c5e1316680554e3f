// The seven steps of /fast-submit (docs/product.md §2), in order. Numbers are 1-based as on screen.
import { WIZARD_STEPS } from '#core/constants';

export const WIZARD_STEP_TITLES: readonly string[] = [
  'Upload Your Artwork',
  'Title and Prompt',
  'Your Story',
  'AI Tool',
  'Permissions',
  'Contact and Profile Links',
  'Review and Submit',
];

if (WIZARD_STEP_TITLES.length !== WIZARD_STEPS) {
  throw new Error(`The wizard has ${WIZARD_STEPS} steps but ${WIZARD_STEP_TITLES.length} titles`);
}

export const FIRST_STEP = 1;
export const REVIEW_STEP = WIZARD_STEPS;
