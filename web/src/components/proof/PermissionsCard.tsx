// The artist's six permission choices and the licence they lead to (decision 0012), so anyone
// reusing the work (including dataset builders) can honour them.
import { Check, Scale, X } from 'lucide-react';
import type { Permissions } from '#core/license';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '#core/license';
import { DEFAULT_DISPLAY_LICENSE } from '#core/constants';
import { ProofCard } from './ProofCard';

export function PermissionsCard({ permissions, license }: { permissions: Permissions; license: string }) {
  return (
    <ProofCard title="Permissions and Licence" icon={Scale}>
      <p className="text-sm">
        <span className="font-semibold">Licence: </span>
        {license || DEFAULT_DISPLAY_LICENSE}
      </p>
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        {PERMISSION_KEYS.map((key) => {
          const on = permissions[key] === true;
          const Icon = on ? Check : X;
          return (
            <li key={key} className="flex items-center gap-2">
              <Icon aria-hidden="true" className={on ? 'h-4 w-4 shrink-0 text-green-700' : 'h-4 w-4 shrink-0 text-muted-foreground'} />
              <span>
                {PERMISSION_LABELS[key]}: <strong className="font-semibold">{on ? 'Yes' : 'No'}</strong>
              </span>
            </li>
          );
        })}
      </ul>
    </ProofCard>
  );
}
