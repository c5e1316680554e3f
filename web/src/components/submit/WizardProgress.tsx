// 'Step N of 7' and seven dots (docs/product.md §2); the current dot carries aria-current="step".
import { WIZARD_STEPS } from '#core/constants';
import { cn } from '../../lib/cn';
import { WIZARD_STEP_TITLES } from './wizardSteps';

export function WizardProgress({ step }: { step: number }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm font-medium text-muted-foreground" data-testid="wizard-step-indicator">
        Step {step} of {WIZARD_STEPS}
      </p>
      <ol aria-label="Wizard progress" className="flex items-center gap-2">
        {WIZARD_STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li key={title} aria-current={state === 'current' ? 'step' : undefined} className="flex">
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 w-2.5 rounded-full',
                  state === 'done' && 'bg-primary',
                  state === 'current' && 'w-6 bg-primary',
                  state === 'todo' && 'bg-input',
                )}
              />
              <span className="sr-only">
                Step {number}: {title}
                {state === 'done' ? ' (completed)' : state === 'current' ? ' (current)' : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
