// Licence name → the licence deed's URL, for JSON-LD `license` (schema.org wants a URL or a
// CreativeWork). 'All Rights Reserved' and unknown names have no deed: null.
const CC_LICENSE = /^CC (BY(?:-(?:NC|SA|ND))*) (\d\.\d)$/i;

export function licenseUrl(name: string | null | undefined): string | null {
  const match = CC_LICENSE.exec((name ?? '').trim());
  if (!match) return null;
  return `https://creativecommons.org/licenses/${match[1].toLowerCase()}/${match[2]}/`;
}
