// Tailwind classes for each status colour of core/status.ts (one scale everywhere, decision 0004).
// Written out in full so Tailwind sees every class at build time.
import type { StatusColour } from '#core/status';

export const STATUS_BADGE_CLASSES: Record<StatusColour, string> = {
  emerald: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  amber: 'bg-amber-100 text-amber-900 border-amber-300',
  green: 'bg-green-100 text-green-900 border-green-300',
  red: 'bg-red-100 text-red-900 border-red-300',
};

export const SIGNAL_BAR_CLASSES: Record<StatusColour, string> = {
  emerald: 'bg-emerald-600',
  blue: 'bg-blue-600',
  amber: 'bg-amber-500',
  green: 'bg-green-600',
  red: 'bg-red-600',
};
