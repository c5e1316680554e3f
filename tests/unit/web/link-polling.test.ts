import { describe, expect, it } from 'vitest';
import type { LinkProof } from '../../../core/api/link-proofs';
import {
  JUST_REGISTERED,
  justRegistered,
  LINK_POLL,
  needsBacklink,
  nextLinkPollDelay,
  receiptBacklink,
} from '../../../web/src/lib/linkPolling';

const proof = (state: LinkProof['state']): LinkProof => ({
  url: `https://example.com/${state}`,
  state,
  reason: null,
  checked_at: null,
  proven_at: null,
  method: null,
});

describe('how often a receipt asks for its link states (nextLinkPollDelay)', () => {
  it('doubles from one second to fifteen for one work', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 30].map((looks) => nextLinkPollDelay(looks))).toEqual([
      1_000, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });

  it('stops after sixty looks', () => {
    expect(LINK_POLL.maxLooks).toBe(60);
    expect(nextLinkPollDelay(59)).toBe(15_000);
    expect(nextLinkPollDelay(60)).toBe(false);
    expect(nextLinkPollDelay(61, 50)).toBe(false);
  });

  it('leaves each of many works at most two requests a second together', () => {
    expect([1, 2, 3, 4, 5].map((looks) => nextLinkPollDelay(looks, 10))).toEqual([5_000, 5_000, 5_000, 8_000, 15_000]);
    expect([1, 5, 59].map((looks) => nextLinkPollDelay(looks, 50))).toEqual([25_000, 25_000, 25_000]);
  });

  it('counts no works as one', () => {
    expect(nextLinkPollDelay(1, 0)).toBe(1_000);
  });
});

describe('whether a receipt shows the back-link (needsBacklink)', () => {
  it('shows it while a link is not checked yet or not proven, and not once all are proven', () => {
    expect(needsBacklink([proof('proven'), proof('pending')])).toBe(true);
    expect(needsBacklink([proof('not_proven')])).toBe(true);
    expect(needsBacklink([proof('proven'), proof('proven')])).toBe(false);
    expect(needsBacklink([])).toBe(false);
  });
});

describe('the back-link a receipt offers (receiptBacklink)', () => {
  const work = { id: '5b0c3f1e-8d2a-4c55-9a51-0d6f1e2a3b4c', registry_id: 'VW-2026-000042' };

  it("links the work's proof page by Registry ID on the site of its verify_url", () => {
    expect(receiptBacklink({ ...work, verify_url: `https://registry.example/verify/${work.id}` })).toBe(
      '<a rel="me" href="https://registry.example/verify/VW-2026-000042">My registered works</a>',
    );
  });

  it('keeps a site address that has a path', () => {
    expect(receiptBacklink({ ...work, verify_url: `https://example.org/registry/verify/${work.id}` })).toBe(
      '<a rel="me" href="https://example.org/registry/verify/VW-2026-000042">My registered works</a>',
    );
  });
});

describe('the proof page opened as a receipt (justRegistered)', () => {
  it('is the state the wizard navigates with, and nothing else', () => {
    expect(justRegistered(JUST_REGISTERED)).toBe(true);
    expect(justRegistered({ registered: 'yes' })).toBe(false);
    expect(justRegistered(null)).toBe(false);
    expect(justRegistered(undefined)).toBe(false);
    expect(justRegistered('registered')).toBe(false);
  });
});
