// Source depth, temporal context and mesh linkage, with exact points per finding.
import { describe, expect, it } from 'vitest';
import { computeTrust, type TrustEvidence } from '../../../server/submissions/trust';
import { minimalSubmission, SEVEN_RESOURCES, VAGUE_PROMPT } from './evidence';

const score = (overrides: Partial<TrustEvidence>) => computeTrust(minimalSubmission(overrides));

describe('source depth', () => {
  it('gives 12 for the first resource and 1 for each further one up to 7 (18)', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'artist_profile', url: `https://instagram.com/artist${i}` }));
    expect([1, 2, 6, 7, 10].map((n) => score({ resources: links(n) }).dimensions.source_depth.reasons[0])).toEqual([
      { text: '1 verification resource', points: 12 },
      { text: '2 verification resources', points: 13 },
      { text: '6 verification resources', points: 17 },
      { text: '7 verification resources', points: 18 },
      { text: '10 verification resources', points: 18 },
    ]);
  });

  it('adds 1 for resources on 3 websites and 1 for a portfolio or external link (20)', () => {
    expect(score({ resources: SEVEN_RESOURCES }).dimensions.source_depth).toEqual({
      score: 20,
      max: 20,
      reasons: [
        { text: '7 verification resources', points: 18 },
        { text: 'Resources on 3 different websites', points: 1 },
        { text: 'Includes a portfolio or external link', points: 1 },
      ],
    });
  });

  it("counts a link once however it is written, and ignores non-web links and the 'fast_submit' marker", () => {
    const result = score({
      resources: [
        { type: 'artist_profile', url: 'https://www.instagram.com/foxartist' },
        { type: 'artist_profile', url: 'https://instagram.com/foxartist/' },
        { type: 'artist_profile', url: 'HTTPS://Instagram.com/foxartist#top' },
        { type: 'artist_profile', url: 'javascript:alert(1)' },
        { type: 'artist_profile', url: 'not a url' },
        { type: 'fast_submit', url: 'https://example.org/fast-submit' },
      ],
    });
    expect(result.dimensions.source_depth.score).toBe(12);
    expect(result.reasons).toContain('1 verification resource: +12');
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
    const external = score({ resources: [{ type: 'external_link', url: 'https://reddit.com/r/aiart/comments/abc' }] });
    expect(external.dimensions.mesh_linkage.score).toBe(0);
    expect(external.advice).toContain('Link your artist profile or portfolio (+6).');
  });

  it('gives 5 for 1-4 other works by the artist and 8 from 5 on', () => {
    expect(score({ artistOtherWorksCount: 1 }).dimensions.mesh_linkage.reasons[1]).toEqual({
      text: 'Artist has 1 other registered work',
      points: 5,
    });
    expect(score({ artistOtherWorksCount: 5 }).dimensions.mesh_linkage.reasons[1]).toEqual({
      text: 'Artist has 5 other registered works',
      points: 8,
    });
  });

  it('adds 4 for profile links shared with other works and 2 for credited co-authors (counted once each)', () => {
    const result = score({
      artistOtherWorksCount: 2,
      sharedProfileLinksWithOwnWorks: 2,
      coAuthors: ['Mara Lind', ' mara lind ', 'Jo Pike', ''],
    });
    expect(result.dimensions.mesh_linkage).toEqual({
      score: 17,
      max: 20,
      reasons: [
        { text: "Linked to the artist's profile", points: 6 },
        { text: 'Artist has 2 other registered works', points: 5 },
        { text: "Profile links shared with 2 of the artist's other works", points: 4 },
        { text: 'Credits 2 co-authors', points: 2 },
      ],
    });
  });

  it('says "more than 1000" when the shared works were counted past their bound', () => {
    const result = score({ artistOtherWorksCount: 130_000, sharedProfileLinksWithOwnWorks: 1_001 });
    expect(result.dimensions.mesh_linkage.reasons.slice(1, 3)).toEqual([
      { text: 'Artist has 130000 other registered works', points: 8 },
      { text: "Profile links shared with more than 1000 of the artist's other works", points: 4 },
    ]);
    expect(score({ artistOtherWorksCount: 1_000, sharedProfileLinksWithOwnWorks: 1_000 }).dimensions.mesh_linkage.reasons[2]).toEqual({
      text: "Profile links shared with 1000 of the artist's other works",
      points: 4,
    });
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
