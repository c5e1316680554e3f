// 'Signal Strength': the trust score as a bar in the status colour, never narrower than 5 %.
import { signalWidthPercent, trustStatus } from '#core/status';
import { SIGNAL_BAR_CLASSES } from './statusStyles';

export function SignalBar({ score, label = 'Signal Strength' }: { score: number; label?: string }) {
  const status = trustStatus(score);
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        <span>{score}/100</span>
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${score} of 100, ${status.label}`}
      >
        <div
          className={`h-full rounded-full ${SIGNAL_BAR_CLASSES[status.colour]}`}
          style={{ width: `${signalWidthPercent(score)}%` }}
        />
      </div>
    </div>
  );
}
