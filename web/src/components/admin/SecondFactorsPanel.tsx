// The console's "Second factors" panel (decision 0068): what confirmed this session, the admin's
// factors, adding another (passkey or authenticator app) and removing one (never the last).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { MESSAGES } from '#core/messages';
import { toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { adminApi, adminKeys } from './adminApi';
import { enrolPasskey, showStepError, TotpEnrolment } from './SecondFactorStep';

const FACTOR_NAMES = { passkey: 'a passkey', totp: 'an authenticator app', recovery_code: 'a recovery code' } as const;

export function SecondFactorsPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const key = [...adminKeys.all, 'second-factors'];
  const query = useQuery({ queryKey: key, queryFn: adminApi.factors });
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const act = async (step: () => Promise<unknown>, done: { title: string; description: string }) => {
    setBusy(true);
    try {
      await step();
      toastSuccess(done.title, done.description);
      await reload();
    } catch (error) {
      showStepError(error, MESSAGES.adminPasskeyFailed);
    } finally {
      setBusy(false);
    }
  };
  const data = query.data;

  return (
    <Card aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <h2 id={`${id}-heading`} className="text-lg font-semibold leading-tight">
          Second factors
        </h2>
        {data?.session_factor && (
          <CardDescription>
            This session was confirmed with {FACTOR_NAMES[data.session_factor]}. Recovery codes left: {data.recovery_codes_left}.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2 text-sm" aria-label="Your second factors">
          {data?.factors.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {factor.label} ({factor.kind === 'passkey' ? 'passkey' : 'authenticator app'})
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={busy || data.factors.length <= 1}
                onClick={() => void act(() => adminApi.removeFactor(factor.id), MESSAGES.adminFactorRemoved)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Remove {factor.label}
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="outline" disabled={busy} onClick={() => void act(enrolPasskey, MESSAGES.adminFactorAdded)}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          Add a passkey
        </Button>
        <TotpEnrolment
          onEnrolled={() => {
            toastSuccess(MESSAGES.adminFactorAdded.title, MESSAGES.adminFactorAdded.description);
            void reload();
          }}
        />
      </CardContent>
    </Card>
  );
}
