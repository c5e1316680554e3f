import { describe, expect, it } from 'vitest';
import { EXAMPLE_REGISTRY_ID, SOCIAL_POST_BUILDERS, X_CHARACTER_LIMIT, xPost } from '../../../web/src/pages/static/parts/examples';
import { htmlExamplePage, wordpressPhp } from '../../../web/src/pages/static/parts/codeExamples';

const site = { siteName: 'VeriWork', siteUrl: 'https://veriwork.example' };
// A long deployment address: the X example must fit even here (X shortens links, but a
// copy pasted elsewhere keeps the full address).
const longSite = { siteName: 'VeriWork', siteUrl: 'https://provenance-registry.art-collective-of-pennsylvania.example.org' };

describe('implementation guide examples', () => {
  it('keeps the X example post under 280 characters', () => {
    expect(X_CHARACTER_LIMIT).toBe(280);
    expect(xPost(site).length).toBeLessThan(280);
  });

  it('keeps the X example post under 280 characters with a 70-character site address', () => {
    expect(longSite.siteUrl.length).toBe(70);
    expect(xPost(longSite).length).toBeLessThan(280);
  });

  it('links every social example post to the proof page of VW-2026-000001', () => {
    expect(EXAMPLE_REGISTRY_ID).toBe('VW-2026-000001');
    for (const build of Object.values(SOCIAL_POST_BUILDERS)) {
      expect(build(site)).toContain('https://veriwork.example/verify/VW-2026-000001');
    }
  });

  it('reads the veriwork_registry_id and veriwork_verification_status fields in the WordPress snippet', () => {
    const php = wordpressPhp(site);
    expect(php).toContain("get_post_meta( $post_id, 'veriwork_registry_id', true )");
    expect(php).toContain("get_post_meta( get_the_ID(), 'veriwork_verification_status', true )");
    expect(php).toContain("const VERIWORK_SITE = 'https://veriwork.example';");
  });

  it('embeds the live SVG badge inside a link to the proof page in the HTML example', () => {
    const html = htmlExamplePage(site);
    expect(html).toContain(
      '<a href="https://veriwork.example/verify/VW-2026-000001">\n      <img src="https://veriwork.example/badge/VW-2026-000001.svg"',
    );
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('"@type": "VisualArtwork"');
  });
});
