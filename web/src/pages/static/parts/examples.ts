// Example texts of the implementation guide. Pure functions of the deployment's name and
// address, so the page shows real links and a unit test can check the X length limit.

/** The registry ID every example uses; readers replace it with their own. */
export const EXAMPLE_REGISTRY_ID = 'VW-2026-000001';
export const EXAMPLE_TITLE = 'Neon Tide';
export const EXAMPLE_ARTIST = 'Ada Example';
/** X counts characters per post; examples must stay strictly below this. */
export const X_CHARACTER_LIMIT = 280;

export interface ExampleSite {
  siteName: string;
  /** Absolute origin without a trailing slash. */
  siteUrl: string;
}

export function verifyUrl(site: ExampleSite, id: string = EXAMPLE_REGISTRY_ID): string {
  return `${site.siteUrl}/verify/${id}`;
}

export function liveBadgeUrl(site: ExampleSite, id: string = EXAMPLE_REGISTRY_ID): string {
  return `${site.siteUrl}/badge/${id}.svg`;
}

export type SocialPlatform = 'facebook' | 'x' | 'linkedin' | 'medium' | 'substack';

export function facebookPost(site: ExampleSite): string {
  return [
    `New piece: "${EXAMPLE_TITLE}"`,
    '',
    `I registered it on ${site.siteName}, a public registry for AI-generated artwork. The proof page shows the prompt, the tool I used, the image fingerprint (SHA-256), the trust score with its reasons, and the work's entry in a public transparency log.`,
    '',
    `Check it yourself: ${verifyUrl(site)}`,
    `Registry ID: ${EXAMPLE_REGISTRY_ID}`,
    '',
    '#AIArt #DigitalArt #Provenance',
  ].join('\n');
}

export function xPost(site: ExampleSite): string {
  return (
    `"${EXAMPLE_TITLE}" is registered on ${site.siteName}: prompt, tool, SHA-256 fingerprint and a public log entry anyone can check.\n` +
    `ID ${EXAMPLE_REGISTRY_ID}\n` +
    `${verifyUrl(site)}\n` +
    '#AIArt #Provenance'
  );
}

export function linkedInPost(site: ExampleSite): string {
  return [
    `I have started registering my AI-generated artwork on ${site.siteName}, starting with "${EXAMPLE_TITLE}".`,
    '',
    'Why: clients and collaborators increasingly ask how a piece was made. The public proof page answers that in one link:',
    '- the prompt and the AI tool used',
    '- a SHA-256 fingerprint of the original image, computed by the server',
    '- a trust score from 0 to 100 with the reasons behind it',
    '- an entry in an append-only public transparency log',
    '',
    `Proof page: ${verifyUrl(site)} (Registry ID ${EXAMPLE_REGISTRY_ID})`,
    '',
    '#AIArt #CreativeIndustry #Provenance #Transparency',
  ].join('\n');
}

export function mediumPost(site: ExampleSite): string {
  return [
    '## How this image was made',
    '',
    `"${EXAMPLE_TITLE}" was created with an AI image tool and registered on ${site.siteName} under Registry ID ${EXAMPLE_REGISTRY_ID}.`,
    '',
    'The public proof page lists the prompt, the tool, the SHA-256 fingerprint of the original file and the trust score with its reasons. The registration is also recorded in a public transparency log whose proofs your browser can check.',
    '',
    `Verify it here: ${verifyUrl(site)}`,
  ].join('\n');
}

export function substackPost(site: ExampleSite): string {
  return [
    `A note on this issue's cover image, "${EXAMPLE_TITLE}"`,
    '',
    `It is AI-generated, and I have registered it on ${site.siteName} so you can see exactly how it was made: the prompt, the tool, its image fingerprint and its trust score.`,
    '',
    `Proof page: ${verifyUrl(site)}`,
    `Registry ID: ${EXAMPLE_REGISTRY_ID}`,
  ].join('\n');
}

export const SOCIAL_POST_BUILDERS: Record<SocialPlatform, (site: ExampleSite) => string> = {
  facebook: facebookPost,
  x: xPost,
  linkedin: linkedInPost,
  medium: mediumPost,
  substack: substackPost,
};
