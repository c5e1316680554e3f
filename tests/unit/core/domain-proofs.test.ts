// Issue 33, decision 0062: what the registry keeps of a typed domain, and what it asks the artist
// to set.
import { describe, expect, it } from 'vitest';
import { domainProofTxtName, domainProofValue, normaliseDomain } from '../../../core/api/domain-proofs';
import { describeWorkUpdate } from '../../../core/api/work-history';

describe('normaliseDomain', () => {
  it('keeps a domain in lower case, without scheme, path, port or final dot', () => {
    expect(normaliseDomain('Rutkowski.Art')).toBe('rutkowski.art');
    expect(normaliseDomain(' https://www.Rutkowski.art:443/about?x#y ')).toBe('www.rutkowski.art');
    expect(normaliseDomain('rutkowski.art.')).toBe('rutkowski.art');
  });

  it('writes an international domain in ASCII', () => {
    expect(normaliseDomain('zoë.example')).toBe('xn--zo-ija.example');
  });

  it('refuses what is not a domain of two labels or more', () => {
    expect(normaliseDomain('')).toBeNull();
    expect(normaliseDomain('localhost')).toBeNull();
    expect(normaliseDomain('10.0.0.1')).toBeNull();
    expect(normaliseDomain('[::1]')).toBeNull();
    expect(normaliseDomain('-bad.example')).toBeNull();
    expect(normaliseDomain('under_score.example')).toBeNull();
    expect(normaliseDomain(`${'a'.repeat(64)}.example`)).toBeNull();
  });
});

describe('what the artist sets', () => {
  it('names the TXT record under the domain and the line holding the token', () => {
    expect(domainProofTxtName('rutkowski.art')).toBe('_veriwork.rutkowski.art');
    expect(domainProofValue('0123456789abcdef0123456789abcdef')).toBe('veriwork-proof=0123456789abcdef0123456789abcdef');
  });
});

describe("a domain check in the work's history", () => {
  it('says a domain was proven or lost, with the score', () => {
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, domains_proven: 1 },
        score_before: 48,
        score_after: 66,
      }),
    ).toBe('1 domain proven, score 48 → 66');
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, domains_lost: 2 },
        score_before: 66,
        score_after: 48,
      }),
    ).toBe('2 domains no longer proven, score 66 → 48');
  });
});
