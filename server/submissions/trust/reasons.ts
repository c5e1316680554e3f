// How findings are written for people: '<sentence>: +N' or '<sentence>: -N'.
import type { TrustReason } from './types';

export function formatReason({ text, points }: TrustReason): string {
  // A finding shown for what it is worth, such as a link not proven yet.
  if (points === 0) return `${text}: no points`;
  return `${text}: ${points < 0 ? '-' : '+'}${Math.abs(points)}`;
}

/** '1 co-author', '2 co-authors'. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** 'lighting', 'lighting and mood', 'lighting, colour and mood'. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
