// Ports through which the manage feature (issue 18) reaches what other features own: the trust
// engine's re-scoring of a stored work (the submissions feature's), and a public work's proof
// bundle (the proof feature's). The composition root (app.ts) hands the implementations over, so
// the score is always computed by the one engine, the same way as at registration, and no
// feature imports another.
import type { Kysely } from 'kysely';
import type { PromptVisibility } from '../../core/constants';
import type { DB, Submission } from '../db/types';
import type { AppDeps } from '../deps';

/** One stored verification resource (submissions.verification_resources). */
export interface StoredResource {
  type: string;
  url: string;
  description: string;
}

/** What the artist may change that the trust engine weighs. */
export interface WorkEvidenceChanges {
  resources: readonly StoredResource[];
  promptVisibility: PromptVisibility;
}

/** The engine's verdict, in the columns the work stores. */
export interface RescoredTrust {
  score: number;
  rubricVersion: string;
  /** The whole result, stored as submissions.trust_breakdown. */
  breakdown: unknown;
  promptSpecificity: unknown;
}

export type RescoreWork = (db: Kysely<DB>, work: Submission, changes: WorkEvidenceChanges) => Promise<RescoredTrust>;

/**
 * The proof bundle of one public work as its zip (the proof feature's bundle.zip, built the same
 * way), or null for a work that is private, withdrawn or unknown: those have no public proof.
 * The manage feature receives it from the composition root to zip all of an artist's bundles.
 */
export type PublicWorkBundle = (deps: AppDeps, workId: string) => Promise<{ name: string; zip: Buffer } | null>;

/** A later public work that looks like a copy of one of the artist's works (the watch feature's alert). */
export interface WorkAlert {
  registry_id: string;
  title: string;
  artist_name: string;
  reason: 'exact_duplicate' | 'near_duplicate' | 'profile_link';
  distance: number | null;
  created_at: string;
  proof_url: string;
}

/** The watch feature's alerts and watches, for the manage page (the artist's address is proven by its session). */
export interface WorkWatches {
  /** Each work's newest alerts, at most `perWork`. */
  alerts(db: Kysely<DB>, siteUrl: string, workIds: readonly string[], perWork: number): Promise<Map<string, WorkAlert[]>>;
  /** The works among `workIds` that `email` watches. */
  watchedBy(db: Kysely<DB>, email: string, workIds: readonly string[]): Promise<Set<string>>;
  /** Starts (already confirmed: the session proved the address) or ends the watch of `email` on a work. */
  setWatching(db: Kysely<DB>, email: string, workId: string, watching: boolean, at: Date): Promise<void>;
}
