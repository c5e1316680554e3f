// Calibration against docs/product.md §4's bands (62 Verified, 65 Documented, 75 Traceable, 85 Provenance
// Strong), with exact totals so any change of the rubric shows up here. docs/product.md §4's Verified
// minimum is 'image, prompt and at least 1 verification resource': any prompt, public or private,
// vague or not, reaches 62; specificity and a public prompt add at most 2 points (62-64).
import { describe, expect, it } from 'vitest';
import { computeTrust, RUBRIC_VERSION } from '../../../server/submissions/trust';
import {
  dimensionScores,
  fullSubmission,
  maximalSubmission,
  minimalSubmission,
  MODERATE_PROMPT,
  SEVEN_RESOURCES,
  SPECIFIC_PROMPT,
  VAGUE_PROMPT,
} from './evidence';

const VERIFIED = 62;
const PROVENANCE_STRONG = 85;

/** The findings every minimal submission shares; only the prompt's own reason differs. */
function minimalReasons(promptReason: string): string[] {
  return [
    'Title given: +3',
    'Prompt provided: +6',
    promptReason,
    'AI tool named (Midjourney): +3',
    '1 proven verification resource: +12',
    'Image is new to the ledger: +8',
    'No similar image by another artist in the ledger: +5',
    'Registration recorded in the transparency log: +15',
    "Linked to the artist's proven profile: +6",
  ];
}

describe('trust calibration', () => {
  it("(a) scores the minimal submission with a vague public prompt ('a cat') at 62, Verified", () => {
    const result = computeTrust(minimalSubmission({ prompt: VAGUE_PROMPT }));
    expect(result.score).toBe(62);
    expect(result.score).toBeGreaterThanOrEqual(VERIFIED);
    expect(result.promptSpecificity.level).toBe('vague');
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 16,
      source_depth: 12,
      verification_logic: 13,
      temporal_context: 15,
      mesh_linkage: 6,
    });
    expect(result.reasons).toEqual(minimalReasons('Prompt is public but vague: +4'));
  });

  it('(a) scores the minimal submission (image, moderate public prompt, one profile link, e-mail unverified) at 63', () => {
    const result = computeTrust(minimalSubmission());
    expect(result.score).toBe(63);
    expect(result.promptSpecificity.level).toBe('moderate');
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 17,
      source_depth: 12,
      verification_logic: 13,
      temporal_context: 15,
      mesh_linkage: 6,
    });
    expect(result.reasons).toEqual(minimalReasons('Prompt is public and moderately specific: +5'));
  });

  it('(a) scores the same minimal submission with a specific public prompt at 64, the top of Verified', () => {
    const result = computeTrust(minimalSubmission({ prompt: SPECIFIC_PROMPT }));
    expect(result.score).toBe(64);
    expect(result.promptSpecificity.level).toBe('specific');
    expect(result.dimensions.claim_clarity.score).toBe(18);
    expect(result.reasons).toEqual(minimalReasons('Prompt is public and specific: +6'));
  });

  it('(a) scores the minimal submission with a private prompt at 62 whether it is vague, moderate or specific', () => {
    const results = [VAGUE_PROMPT, MODERATE_PROMPT, SPECIFIC_PROMPT].map((prompt) =>
      computeTrust(minimalSubmission({ prompt, promptVisibility: 'private' })),
    );
    expect(results.map((r) => r.score)).toEqual([62, 62, 62]);
    expect(results.map((r) => r.dimensions.claim_clarity.score)).toEqual([16, 16, 16]);
    expect(results.map((r) => r.reasons)).toEqual([
      minimalReasons('Prompt is private and vague: +4'),
      minimalReasons('Prompt is private and moderately specific: +4'),
      minimalReasons('Prompt is private and specific: +4'),
    ]);
  });

  it('(b) keeps a submission without a prompt Incomplete at 52', () => {
    const result = computeTrust(minimalSubmission({ prompt: null }));
    expect(result.score).toBe(52);
    expect(result.dimensions.claim_clarity.score).toBe(6);
    expect(result.promptSpecificity.level).toBe('none');
  });

  it("(b) treats the stored placeholder 'No prompt provided' as no prompt (52)", () => {
    expect(computeTrust(minimalSubmission({ prompt: 'No prompt provided' })).score).toBe(52);
    expect(computeTrust(minimalSubmission({ prompt: '   ' })).score).toBe(52);
  });

  it('(b) keeps a submission without any resource Incomplete at 45', () => {
    const result = computeTrust(minimalSubmission({ resources: [] }));
    expect(result.score).toBe(45);
    expect(result.dimensions.claim_clarity.score).toBe(17);
    expect(result.dimensions.source_depth.score).toBe(0);
    expect(result.dimensions.mesh_linkage.score).toBe(0);
  });

  it('(b) caps an otherwise maximal submission without a prompt at 61', () => {
    const result = computeTrust(maximalSubmission({ prompt: null }));
    // 98 (maximal) minus the prompt's 12 claim-clarity points and the prompt-match 2 = 84, capped.
    expect(result.score).toBe(61);
    expect(result.reasons.at(-1)).toBe('Score capped at 61 because no prompt was given: -23');
    expect(result.score).toBeLessThan(VERIFIED);
  });

  it('(b) caps an otherwise maximal submission without resources at 61', () => {
    const result = computeTrust(maximalSubmission({ resources: [] }));
    expect(result.score).toBe(61);
    // 98 minus source depth's 20 and the proven profile's 6 (mesh linkage keeps the claimant's 8 + 4) = 72, capped.
    expect(result.reasons.at(-1)).toBe('Score capped at 61 because no verification resource was given: -11');
  });

  it('(b) keeps the minimal submission at 45 while its one link is not proven, and caps maximal unproven evidence at 61', () => {
    const unproven = computeTrust(
      minimalSubmission({ resources: [{ type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: false }] }),
    );
    // 63 minus the proven resource's 12 and the proven profile's 6.
    expect(unproven.score).toBe(45);
    expect(unproven.reasons).toContain('1 link not proven yet (the page does not link back to this registry): no points');
    const maximal = computeTrust(maximalSubmission({ resources: SEVEN_RESOURCES.map((r) => ({ ...r, proven: false })) }));
    // 98 minus source depth's 20 and the proven profile's 6 = 72, capped.
    expect(maximal.score).toBe(61);
    expect(maximal.reasons.at(-1)).toBe('Score capped at 61 because no verification resource is proven yet: -11');
  });

  it('(b) keeps a full submission under a name another identity claimed below Verified: no other works, capped at 61', () => {
    const result = computeTrust(fullSubmission({ nameClaim: 'another_identity' }));
    expect(result.dimensions.mesh_linkage.reasons).toEqual([{ text: "Linked to the artist's proven profile", points: 6 }]);
    // 86 minus the other works' 5 = 81, capped.
    expect(result.score).toBe(61);
    expect(result.reasons.at(-1)).toBe(
      'Score capped at 61 because another artist proved this name first (works under it by others are listed apart): -20',
    );
  });

  it('(c) scores a full submission (7 resources, consistent metadata, verified e-mail, story, other works) at 86, Provenance Strong', () => {
    const result = computeTrust(fullSubmission());
    expect(result.score).toBe(86);
    expect(result.score).toBeGreaterThanOrEqual(PROVENANCE_STRONG);
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 20,
      source_depth: 20,
      verification_logic: 20,
      temporal_context: 15,
      mesh_linkage: 11,
    });
    expect(result.reasons).toEqual([
      'Title given: +3',
      'Prompt provided: +6',
      'Prompt is public and specific: +6',
      'AI tool named (Automatic1111): +3',
      'Story or context given: +2',
      '7 proven verification resources: +18',
      'Proven resources on 3 different websites: +1',
      'Includes a proven portfolio or external link: +1',
      'Image is new to the ledger: +8',
      'No similar image by another artist in the ledger: +5',
      'Embedded metadata (generation parameters) confirms the claimed tool: +2',
      'Embedded prompt matches the submitted prompt (100% word overlap): +2',
      'E-mail address verified: +3',
      'Registration recorded in the transparency log: +15',
      "Linked to the artist's proven profile: +6",
      'The artist who claimed this name has 3 other registered works: +5',
    ]);
  });

  it('scores maximal evidence at 98 while its co-author has not confirmed: mesh linkage 18, with the advice to ask them', () => {
    const result = computeTrust(maximalSubmission());
    expect(result.score).toBe(98);
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 20,
      source_depth: 20,
      verification_logic: 20,
      temporal_context: 20,
      mesh_linkage: 18,
    });
    expect(result.dimensions.mesh_linkage.reasons).toEqual([
      { text: "Linked to the artist's proven profile", points: 6 },
      { text: 'The artist who claimed this name has 12 other registered works', points: 8 },
      { text: "Profile links shared with 4 of the artist's other works", points: 4 },
      { text: 'Credits 1 co-author (not confirmed by them)', points: 0 },
    ]);
    expect(result.reasons).toContain('Credits 1 co-author (not confirmed by them): no points');
    expect(result.advice).toEqual(['Ask your co-authors to confirm: give their e-mail addresses on the manage page (+2).']);
  });

  it('scores maximal evidence with its co-author confirmed by e-mail at 100: every dimension at its maximum of 20', () => {
    const result = computeTrust(maximalSubmission({ confirmedCoAuthors: ['Mara Lind'] }));
    expect(result.score).toBe(100);
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 20,
      source_depth: 20,
      verification_logic: 20,
      temporal_context: 20,
      mesh_linkage: 20,
    });
    expect(result.dimensions.mesh_linkage.reasons).toEqual([
      { text: "Linked to the artist's proven profile", points: 6 },
      { text: 'The artist who claimed this name has 12 other registered works', points: 8 },
      { text: "Profile links shared with 4 of the artist's other works", points: 4 },
      { text: '1 co-author confirmed by e-mail', points: 2 },
    ]);
    expect(result.reasons).toContain('1 co-author confirmed by e-mail: +2');
    expect(result.advice).toEqual([]);
  });

  it('raises a full submission from 86 to 88 with one confirmed co-author, and not for a confirmation of a name it does not credit', () => {
    expect(computeTrust(fullSubmission({ coAuthors: ['Mara Lind'] })).score).toBe(86);
    expect(computeTrust(fullSubmission({ coAuthors: ['Mara Lind'], confirmedCoAuthors: ['mara lind'] })).score).toBe(88);
    expect(computeTrust(fullSubmission({ coAuthors: ['Mara Lind'], confirmedCoAuthors: ['Jo Pike'] })).score).toBe(86);
  });

  it('raises a minimal submission from 63 to 65 with a confirmed co-author: the points are the same for one or several', () => {
    expect(computeTrust(minimalSubmission({ coAuthors: ['Mara Lind', 'Jo Pike'] })).score).toBe(63);
    expect(computeTrust(minimalSubmission({ coAuthors: ['Mara Lind', 'Jo Pike'], confirmedCoAuthors: ['Jo Pike'] })).score).toBe(65);
    expect(
      computeTrust(minimalSubmission({ coAuthors: ['Mara Lind', 'Jo Pike'], confirmedCoAuthors: ['Jo Pike', 'Mara Lind'] })).score,
    ).toBe(65);
  });

  it("(d) caps an exact duplicate of another artist's earlier image at 30 even with maximal evidence", () => {
    const result = computeTrust(maximalSubmission({ exactDuplicateOfOtherArtist: true }));
    expect(result.score).toBe(30);
    expect(result.score).toBeLessThan(VERIFIED);
    expect(dimensionScores(result)).toEqual({
      claim_clarity: 20,
      source_depth: 20,
      verification_logic: 0,
      temporal_context: 20,
      mesh_linkage: 18,
    });
    expect(result.reasons).toContain('Same image registered earlier by another artist: -15');
    expect(result.reasons.at(-1)).toBe('Score capped at 30 because the same image was registered earlier by another artist: -48');
    expect(result.advice[0]).toBe(
      'This image was registered earlier by another artist. If it is your work, use the removal request form to dispute the earlier registration.',
    );
  });

  it('(d) never lets an exact duplicate of another artist reach 62, whichever other flags are set', () => {
    const variants = [
      maximalSubmission({ exactDuplicateOfOtherArtist: true, exactDuplicateOfSameArtist: true }),
      maximalSubmission({ exactDuplicateOfOtherArtist: true, promptVisibility: 'private' }),
      minimalSubmission({ exactDuplicateOfOtherArtist: true }),
      minimalSubmission({ exactDuplicateOfOtherArtist: true, prompt: VAGUE_PROMPT, promptVisibility: 'private' }),
    ];
    expect(variants.map((e) => computeTrust(e).score)).toEqual([30, 30, 30, 30]);
  });

  it('(e) lowers the score by 10 (63 → 53) for a similar image of another artist (distance 8), with a reason', () => {
    const result = computeTrust(minimalSubmission({ nearDuplicatesOfOtherArtists: [{ distance: 8 }] }));
    expect(result.score).toBe(53);
    expect(result.dimensions.verification_logic.score).toBe(3);
    expect(result.reasons).toContain('Similar image registered earlier by another artist (8 of 64 bits differ): -5');
    expect(result.reasons).not.toContain('No similar image by another artist in the ledger: +5');
  });

  it('(e) takes verification logic down to 0 for a near-identical image of another artist, using the closest match (50)', () => {
    const result = computeTrust(
      minimalSubmission({ nearDuplicatesOfOtherArtists: [{ distance: 9 }, { distance: 2 }, { distance: 30 }] }),
    );
    // 8 (new image) - 10 (near-identical) stays at the dimension's floor of 0.
    expect(result.score).toBe(50);
    expect(result.dimensions.verification_logic.score).toBe(0);
    expect(result.reasons).toContain('Near-identical image registered earlier by another artist (2 of 64 bits differ): -10');
  });

  it('(e) ignores perceptual matches farther than 10 bits (63, as without them)', () => {
    expect(computeTrust(minimalSubmission({ nearDuplicatesOfOtherArtists: [{ distance: 11 }] })).score).toBe(63);
  });

  it('(f) raises the score by 3 when the e-mail is verified (63 → 66)', () => {
    const before = computeTrust(minimalSubmission());
    const after = computeTrust(minimalSubmission({ emailVerified: true }));
    expect(before.score).toBe(63);
    expect(after.score).toBe(66);
    expect(after.score - before.score).toBe(3);
    expect(after.reasons).toContain('E-mail address verified: +3');
    expect(before.advice).toContain('Verify your e-mail address with the link we sent you (+3).');
    expect(after.advice).not.toContain('Verify your e-mail address with the link we sent you (+3).');
  });

  it('(g) gives a private moderate prompt 1 point less claim clarity than the same public prompt (62 vs 63)', () => {
    const result = computeTrust(minimalSubmission({ promptVisibility: 'private' }));
    expect(result.score).toBe(62);
    expect(result.dimensions.claim_clarity.score).toBe(16);
    expect(result.dimensions.claim_clarity.reasons).toEqual([
      { text: 'Title given', points: 3 },
      { text: 'Prompt provided', points: 6 },
      { text: 'Prompt is private and moderately specific', points: 4 },
      { text: 'AI tool named (Midjourney)', points: 3 },
    ]);
    expect(result.advice).toContain('Make the prompt public so visitors can check it (+1).');
  });

  it('(g) gives a private specific prompt 2 points less than the same public prompt (62 vs 64)', () => {
    const result = computeTrust(minimalSubmission({ prompt: SPECIFIC_PROMPT, promptVisibility: 'private' }));
    expect(result.score).toBe(62);
    expect(result.advice).toContain('Make the prompt public so visitors can check it (+2).');
  });

  it('(g) counts a private prompt as present: a full submission with it is not capped (84)', () => {
    const result = computeTrust(fullSubmission({ promptVisibility: 'private' }));
    expect(result.score).toBe(84);
    expect(result.reasons).toContain('Prompt is private and specific: +4');
    expect(result.reasons.some((r) => r.startsWith('Score capped'))).toBe(false);
  });

  it('(f) raises a minimal submission with a private prompt from 62 to 65 once the e-mail is verified', () => {
    expect(computeTrust(minimalSubmission({ promptVisibility: 'private', emailVerified: true })).score).toBe(65);
  });

  it('records the rubric version that made the score', () => {
    expect(RUBRIC_VERSION).toBe('2026-11.4');
    expect(computeTrust(minimalSubmission()).rubricVersion).toBe('2026-11.4');
  });
});
