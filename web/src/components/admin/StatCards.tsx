// A row of labelled numbers (dashboard counts, deleted-record counters).
import { cn } from '../../lib/cn';

export interface Stat {
  label: string;
  value: number | undefined;
  hint?: string;
  tone?: 'default' | 'success' | 'warning';
}

const tones = {
  default: 'border-border',
  success: 'border-green-300 bg-green-50',
  warning: 'border-amber-300 bg-amber-50',
};

export function StatCards({ label, stats }: { label: string; stats: readonly Stat[] }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.map((stat) => (
          // On phones each card is one compact line (label left, number right).
          <div
            key={stat.label}
            className={cn(
              'flex flex-wrap items-baseline justify-between gap-x-3 rounded-card border px-4 py-3 sm:block sm:p-4',
              tones[stat.tone ?? 'default'],
            )}
          >
            <dt className="text-sm font-medium text-muted-foreground">{stat.label}</dt>
            <dd className="text-2xl font-bold tabular-nums sm:mt-1">{stat.value ?? '—'}</dd>
            {stat.hint && <dd className="w-full text-xs text-muted-foreground sm:w-auto">{stat.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
