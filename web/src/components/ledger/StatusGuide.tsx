// 'Verification Status Guide': the four labels a listed work can carry, on the one scale used
// everywhere (decision 0004), straight from core/status.ts.
import { STATUS_GUIDE } from '#core/status';
import { VERIFIED_THRESHOLD } from '#core/constants';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { STATUS_BADGE_CLASSES } from '../work/statusStyles';
import { cn } from '../../lib/cn';

export function StatusGuide() {
  return (
    <Card aria-labelledby="status-guide-title" role="region">
      <CardHeader>
        <h2 id="status-guide-title" className="text-lg font-semibold leading-tight">
          Verification Status Guide
        </h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {STATUS_GUIDE.map((entry) => (
            <li key={entry.label} className="flex flex-col gap-1.5">
              <span
                className={cn(
                  'inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                  STATUS_BADGE_CLASSES[entry.colour],
                )}
              >
                {entry.label}
              </span>
              <span className="text-sm font-medium">Score {entry.range}</span>
              <span className="text-sm text-muted-foreground">{entry.meaning}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          Works scoring below {VERIFIED_THRESHOLD} are marked Incomplete and show how to reach the Verified threshold.
        </p>
      </CardContent>
    </Card>
  );
}
