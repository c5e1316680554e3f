// Toggle buttons for the removal request status filter, each with its count.
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/buttonStyles';

export interface StatusFilterOption {
  value: string;
  label: string;
  count: number | undefined;
}

export function StatusFilter({
  options,
  value,
  onChange,
}: {
  options: readonly StatusFilterOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(buttonClasses(active ? 'primary' : 'outline', 'sm'))}
          >
            {option.label}
            <span
              className={cn(
                'rounded-full px-2 text-xs tabular-nums',
                active ? 'bg-primary-foreground/20' : 'bg-muted text-muted-foreground',
              )}
            >
              {option.count ?? '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
