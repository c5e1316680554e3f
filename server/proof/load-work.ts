// Finding the work a proof URL, badge or export names. Public reads go through the works layer's
// public_submissions queries; the live badge alone also needs to know that a work
// existed and was removed, and reads nothing but that (ids and deletion state).
import type { PublicWork } from '../../core/api-types';
import type { AppDeps } from '../deps';
import { toPublicWork } from '../works/public-work';
import { publicWorkExtrasOf } from '../works/public-work-extras';
import { findPublicWork, findRemovedPublicWork } from '../works/works-repository';

/** The public record of a work by UUID or registry id; null when missing, private or deleted. */
export async function loadPublicWork(deps: Pick<AppDeps, 'db' | 'config'>, idOrRegistryId: string): Promise<PublicWork | null> {
  const row = await findPublicWork(deps.db, idOrRegistryId);
  if (!row) return null;
  return toPublicWork(row, deps.config.siteUrl, await publicWorkExtrasOf(deps.db, row));
}

export type LiveBadgeState =
  { kind: 'public'; work: PublicWork } | { kind: 'removed'; id: string; registryId: string } | { kind: 'missing' };

/**
 * What the live badge shows. A public work: its current status. A work that was public and is
 * now soft-deleted or purged: 'Removed' with its ids only. Private or unknown: missing, so a
 * private work's badge says nothing about it (decision 0017).
 */
export async function loadLiveBadgeState(deps: Pick<AppDeps, 'db' | 'config'>, ref: string): Promise<LiveBadgeState> {
  const work = await loadPublicWork(deps, ref);
  if (work) return { kind: 'public', work };
  const gone = await findRemovedPublicWork(deps.db, ref);
  return gone ? { kind: 'removed', id: gone.id, registryId: gone.registry_id } : { kind: 'missing' };
}
