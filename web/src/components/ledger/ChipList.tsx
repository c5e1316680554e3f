// A short row of labels with a '+N' count for the ones left out (cards: 2 usage types, 3 tags).
import { Badge, type BadgeVariant } from '../ui/Badge';
import { firstWithRest } from './format';

export function ChipList({
  items,
  limit,
  noun,
  variant = 'outline',
}: {
  items: readonly string[];
  limit: number;
  /** Plural noun for screen readers, e.g. 'tags' → '+2 more tags'. */
  noun: string;
  variant?: BadgeVariant;
}) {
  const { shown, rest } = firstWithRest(items, limit);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={noun}>
      {shown.map((item) => (
        <li key={item}>
          <Badge variant={variant} className="font-medium">
            {item}
          </Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge variant="outline" className="font-medium text-muted-foreground">
            +{rest}
            <span className="sr-only"> more {noun}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}
