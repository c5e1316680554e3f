// Source depth, temporal context and mesh linkage, with exact points per finding.
import { describe, expect, it } from 'vitest';
import { computeTrust, type TrustEvidence } from '../../../server/submissions/trust';
import { minimalSubmission, SEVEN_RESOURCES, VAGUE_PROMPT } from './evidence';

const score = (overrides: Partial<TrustEvidence>) => computeTrust(minimalSubmission(overrides));

describe('source depth', () => {
  it('gives 12 for the first resource and 1 for each further one up to 7 (18)', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'artist_profile', url: `https://instagram.com/artist${i}`, proven: true }));
    expect([1, 2, 6, 7, 10].map((n) => score({ resources: links(n) }).dimensions.source_depth.reasons[0])).toEqual([
      { text: '1 proven verification resource', points: 12 },
      { text: '2 proven verification resources', points: 13 },
      { text: '6 proven verification resources', points: 17 },
      { text: '7 proven verification resources', points: 18 },
      { text: '10 proven verification resources', points: 18 },
    ]);
  });

  it('adds 1 for resources on 3 websites and 1 for a portfolio or external link (20)', () => {
    expect(score({ resources: SEVEN_RESOURCES }).dimensions.source_depth).toEqual({
      score: 20,
      max: 20,
      reasons: [
        { text: '7 proven verification resources', points: 18 },
        { text: 'Proven resources on 3 different websites', points: 1 },
        { text: 'Includes a proven portfolio or external link', points: 1 },
      ],
    });
  });

  it("counts a link once however it is written, and ignores non-web links and the 'fast_submit' marker", () => {
    const result = score({
      resources: [
        { type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: true },
        { type: 'artist_profile', url: 'https://instagram.com/foxartist/', proven: true },
        { type: 'artist_profile', url: 'HTTPS://Instagram.com/foxartist#top', proven: true },
        { type: 'artist_profile', url: 'javascript:alert(1)', proven: true },
        { type: 'artist_profile', url: 'not a url', proven: true },
        { type: 'fast_submit', url: 'https://example.org/fast-submit', proven: true },
      ],
    });
    expect(result.dimensions.source_depth.score).toBe(12);
    expect(result.reasons).toContain('1 proven verification resource: +12');
  });

  it('gives an unproven link no points, shows it, and advises how to prove it with the back-link', () => {
    const result = score({
      resources: [
        { type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: true },
        { type: 'portfolio', url: 'https://www.behance.net/foxartist', proven: true },
        { type: 'artist_profile', url: 'https://x.com/foxartist', proven: false },
        { type: 'external_link', url: 'https://www.deviantart.com/foxartist/art/fox', proven: false },
      ],
    });
    expect(result.dimensions.source_depth).toEqual({
      score: 14,
      max: 20,
      reasons: [
        { text: '2 proven verification resources', points: 13 },
        { text: '2 links not proven yet (the page does not link back to this registry)', points: 0 },
        { text: 'Includes a proven portfolio or external link', points: 1 },
      ],
    });
    expect(result.reasons).toContain('2 links not proven yet (the page does not link back to this registry): no points');
    const backlink = '<a rel="me" href="https://ledger.test/artist/foxartist">my works</a>';
    expect(result.advice.filter((a) => a.startsWith('Prove '))).toEqual([
      `Prove the link on x.com: add ${backlink} to that page, then press "Check again" (+1).`,
      `Prove the link on deviantart.com: add ${backlink} to that page, then press "Check again" (+1).`,
      'Prove resources on at least 3 different websites (+1).',
    ]);
    // Proving the links given comes before adding more.
    expect(result.advice.some((a) => a.startsWith('Add and prove more verification resources'))).toBe(false);
  });

  it('puts proving the first link first in the advice when none is proven', () => {
    const result = score({ resources: [{ type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: false }] });
    expect(result.dimensions.source_depth).toEqual({
      score: 0,
      max: 20,
      reasons: [{ text: '1 link not proven yet (the page does not link back to this registry)', points: 0 }],
    });
    expect(result.dimensions.mesh_linkage.score).toBe(0);
    expect(result.advice[0]).toBe(
      'Prove the link on instagram.com: add <a rel="me" href="https://ledger.test/artist/foxartist">my works</a> to that page, then press "Check again": without a proven link a work stays below Verified (62).',
    );
    expect(result.advice).toContain('Link your artist profile or portfolio and prove it (+6).');
  });
});

describe('temporal context', () => {
  it('gives 15 for the transparency-log registration and nothing without one', () => {
    expect(score({}).dimensions.temporal_context.score).toBe(15);
    expect(score({ loggedAt: null }).dimensions.temporal_context).toEqual({ score: 0, max: 20, reasons: [] });
  });

  it('adds 5 for an EXIF creation time before the submission', () => {
    const result = score({ embedded: { found: ['exif'], createDate: '2026:10:30 18:22:05' } });
    expect(result.dimensions.temporal_context.score).toBe(20);
    expect(result.reasons).toContain('Embedded creation time (2026-10-30) is before the submission: +5');
  });

  it('still counts a zone-less creation time up to 24 hours after submission as before it', () => {
    const result = score({ embedded: { found: ['exif'], createDate: '2026-11-02T21:00:00' } });
    expect(result.reasons).toContain('Embedded creation time (2026-11-02) is before the submission: +5');
  });

  it('costs 5 for a creation time well after the submission', () => {
    const result = score({ embedded: { found: ['xmp'], createDate: '2026-11-09T08:00:00+02:00' } });
    expect(result.dimensions.temporal_context.score).toBe(10);
    expect(result.reasons).toContain('Embedded creation time (2026-11-09) is after the submission: -5');
  });

  it('ignores a creation time it cannot read unambiguously', () => {
    expect(score({ embedded: { found: ['exif'], createDate: 'Oct 30 2026' } }).dimensions.temporal_context.score).toBe(15);
  });
});

describe('mesh linkage', () => {
  it("gives 6 for a link to the artist's profile and nothing for an external link alone", () => {
    expect(score({}).dimensions.mesh_linkage.score).toBe(6);
    const external = score({ resources: [{ type: 'external_link', url: 'https://reddit.com/r/aiart/comments/abc', proven: true }] });
    expect(external.dimensions.mesh_linkage.score).toBe(0);
    expect(external.advice).toContain('Link your artist profile or portfolio and prove it (+6).');
  });

  it('gives 5 for 1-4 other works of the identity that claimed the name and 8 from 5 on', () => {
    expect(score({ nameClaim: 'this_identity', artistOtherWorksCount: 1 }).dimensions.mesh_linkage.reasons[1]).toEqual({
      text: 'The artist who claimed this name has 1 other registered work',
      points: 5,
    });
    expect(score({ nameClaim: 'this_identity', artistOtherWorksCount: 5 }).dimensions.mesh_linkage.reasons[1]).toEqual({
      text: 'The artist who claimed this name has 5 other registered works',
      points: 8,
    });
  });

  it('adds 4 for profile links shared with other works, and nothing for co-authors who did not confirm (counted once each)', () => {
    const result = score({
      nameClaim: 'this_identity',
      artistOtherWorksCount: 2,
      sharedProfileLinksWithOwnWorks: 2,
      coAuthors: ['Mara Lind', ' mara lind ', 'Jo Pike', ''],
    });
    expect(result.dimensions.mesh_linkage).toEqual({
      score: 15,
      max: 20,
      reasons: [
        { text: "Linked to the artist's proven profile", points: 6 },
        { text: 'The artist who claimed this name has 2 other registered works', points: 5 },
        { text: "Profile links shared with 2 of the artist's other works", points: 4 },
        { text: 'Credits 2 co-authors (not confirmed by them)', points: 0 },
      ],
    });
    expect(result.reasons).toContain('Credits 2 co-authors (not confirmed by them): no points');
  });

  it('adds 2 once for co-authors confirmed by e-mail, counts the others apart, and ignores a confirmed name not credited', () => {
    const result = score({
      coAuthors: ['Mara Lind', 'Jo Pike', 'Ada Ross'],
      confirmedCoAuthors: [' MARA LIND', 'Jo Pike', 'Someone Else'],
    });
    expect(result.dimensions.mesh_linkage).toEqual({
      score: 8,
      max: 20,
      reasons: [
        { text: "Linked to the artist's proven profile", points: 6 },
        { text: '2 co-authors confirmed by e-mail', points: 2 },
        { text: 'Credits 1 co-author (not confirmed by them)', points: 0 },
      ],
    });
    expect(result.advice).not.toContain('Ask your co-authors to confirm: give their e-mail addresses on the manage page (+2).');
  });

  it('says "more than 1000" when the works were counted past their bound', () => {
    const result = score({ nameClaim: 'this_identity', artistOtherWorksCount: 1_001, sharedProfileLinksWithOwnWorks: 1_001 });
    expect(result.dimensions.mesh_linkage.reasons.slice(1, 3)).toEqual([
      { text: 'The artist who claimed this name has more than 1000 other registered works', points: 8 },
      { text: "Profile links shared with more than 1000 of the artist's other works", points: 4 },
    ]);
    expect(
      score({ nameClaim: 'this_identity', artistOtherWorksCount: 1_000, sharedProfileLinksWithOwnWorks: 1_000 }).dimensions
        .mesh_linkage.reasons,
    ).toEqual([
      { text: "Linked to the artist's proven profile", points: 6 },
      { text: 'The artist who claimed this name has 1000 other registered works', points: 8 },
      { text: "Profile links shared with 1000 of the artist's other works", points: 4 },
    ]);
  });

  it('counts other works and shared links only for the identity that claimed the name, and advises accordingly', () => {
    const counts = { artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 3 };
    const unclaimed = score({ nameClaim: 'unclaimed', ...counts });
    expect(unclaimed.dimensions.mesh_linkage).toEqual({
      score: 6,
      max: 20,
      reasons: [{ text: "Linked to the artist's proven profile", points: 6 }],
    });
    expect(unclaimed.advice).toContain(
      'Claim your artist name: confirm your e-mail address and prove one link with rel="me"; then your other works under it count (+5).',
    );
    const another = score({ nameClaim: 'another_identity', ...counts });
    expect(another.dimensions.mesh_linkage.score).toBe(6);
    // No advice can make another identity's works this one's.
    expect(another.advice.filter((a) => /other works|artist name/.test(a))).toEqual([]);
    const own = score({ nameClaim: 'this_identity', artistOtherWorksCount: 0 });
    expect(own.advice).toContain('Register more of your works under the same artist name (+5).');
  });
});

describe('claim clarity', () => {
  it("names the specification given for 'Other' as the tool", () => {
    expect(score({ tool: 'Other', toolOther: 'Ideogram 2' }).reasons).toContain('AI tool named (Ideogram 2): +3');
  });

  it("gives no tool points for 'Other' without a specification", () => {
    const result = score({ tool: 'Other', toolOther: '  ' });
    expect(result.dimensions.claim_clarity.score).toBe(14);
    expect(result.advice).toContain('Name the AI tool you used (+3).');
  });

  it("calls a vague public prompt 'public but vague' (+4)", () => {
    expect(score({ prompt: VAGUE_PROMPT }).reasons).toContain('Prompt is public but vague: +4');
  });
});
