/** Joins class names, skipping empty values (no dependency needed for this small job). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
