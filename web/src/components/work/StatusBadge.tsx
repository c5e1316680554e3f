// The trust status of a work as a coloured pill, with the band's meaning as its tooltip text.
import { trustStatus } from '#core/status';
import { cn } from '../../lib/cn';
import { STATUS_BADGE_CLASSES } from './statusStyles';

export function StatusBadge({ score, showScore = false, className }: { score: number; showScore?: boolean; className?: string }) {
  const status = trustStatus(score);
  return (
    <span
      title={status.meaning}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_BADGE_CLASSES[status.colour],
        className,
      )}
    >
      {status.label}
      {showScore && <span className="font-normal">· {score}/100</span>}
    </span>
  );
}
