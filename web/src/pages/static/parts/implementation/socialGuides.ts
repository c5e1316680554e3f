import type { SocialPlatform } from '../examples';

export interface SocialGuide {
  platform: SocialPlatform;
  name: string;
  steps: string[];
}

// Each step names only what the platform offers today; previews come from the Open Graph and
// Twitter card tags the server puts on every proof page.
export const SOCIAL_GUIDES: SocialGuide[] = [
  {
    platform: 'facebook',
    name: 'Facebook',
    steps: [
      'Post your artwork image as usual.',
      'Paste the proof page link into the text: Facebook shows a preview card with the title and image.',
      'Keep the Registry ID in the text so readers can search for it in the public ledger.',
    ],
  },
  {
    platform: 'x',
    name: 'X (Twitter)',
    steps: [
      'Attach your artwork image.',
      'Paste the example below; it stays under 280 characters with the proof link.',
      'The link shows a card preview of your proof page.',
    ],
  },
  {
    platform: 'linkedin',
    name: 'LinkedIn',
    steps: [
      'Start a post and attach the artwork, or the 800×300 PNG badge from your proof page.',
      'Paste the example text and the proof page link.',
      'Add the Registry ID to your Featured section or the project on your profile.',
    ],
  },
  {
    platform: 'medium',
    name: 'Medium',
    steps: [
      'Add your artwork to the story, then the PNG badge from your proof page as a separate image.',
      'Select the badge image and link it to your proof page.',
      'Paste the example paragraph under the image as its provenance note.',
    ],
  },
  {
    platform: 'substack',
    name: 'Substack',
    steps: [
      'Insert your artwork image into the post.',
      'Insert the PNG badge below it and link it to your proof page.',
      'Paste the example note so readers know how the image was made.',
    ],
  },
];
