// Deleted records' score badge (docs/product.md §2): good at 62 or more, otherwise destructive.
import { isVerifiedScore } from '#core/status';
import { Badge } from '../ui/Badge';

export function TrustScoreBadge({ score }: { score: number }) {
  return (
    <Badge variant={isVerifiedScore(score) ? 'success' : 'destructive'} className="tabular-nums">
      {score}
    </Badge>
  );
}
