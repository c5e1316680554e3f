// The second step of the admin sign-in (decision 0068): an admin without a factor sets one up
// (a passkey, or an authenticator app whose secret is shown once) and is shown the recovery codes
// once; an admin with factors confirms with a passkey, an app code or a recovery code.
import { useId, useState, type FormEvent } from 'react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { KeyRound, Smartphone } from 'lucide-react';
import type { AdminSessionResponse } from '#core/admin-api-types';
import type { TotpSetupResponse } from '#core/api/admin-factors';
import { MESSAGES, type MessagePair } from '#core/messages';
import { ApiError } from '../../lib/api';
import { dismissToasts, toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { adminApi } from './adminApi';

/** The server's words for a refused step; the browser's own when the passkey prompt failed. */
export function showStepError(error: unknown, fallback: MessagePair): void {
  if (error instanceof ApiError) toastError(error.title ?? fallback.title, error.message);
  else toastError(MESSAGES.adminPasskeyCancelled.title, MESSAGES.adminPasskeyCancelled.description);
}

export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{MESSAGES.adminRecoveryCodesShown.title}</h2>
        <CardDescription>{MESSAGES.adminRecoveryCodesShown.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button onClick={onContinue}>I have saved them, continue</Button>
      </CardContent>
    </Card>
  );
}

/** Sets up an authenticator app: the secret once, then one code. Used at sign-in and in the console. */
export function TotpEnrolment({ onEnrolled }: { onEnrolled: (recoveryCodes: string[] | null) => void }) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const codeId = useId();

  async function start() {
    setBusy(true);
    try {
      setSetup(await adminApi.totpSetup());
    } catch (error) {
      showStepError(error, MESSAGES.adminFactorSetupMissing);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const done = await adminApi.totpConfirm(code.trim());
      dismissToasts();
      onEnrolled(done.recovery_codes);
    } catch (error) {
      showStepError(error, MESSAGES.adminFactorCodeInvalid);
    } finally {
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <Button variant="outline" onClick={() => void start()} disabled={busy}>
        <Smartphone aria-hidden="true" className="h-4 w-4" />
        Use an authenticator app
      </Button>
    );
  }
  return (
    <form onSubmit={confirm} className="grid gap-3">
      <p className="text-sm">{MESSAGES.adminTotpSetup.description}</p>
      <p className="text-sm">
        Secret:{' '}
        <code data-testid="totp-secret" className="break-all font-mono">
          {setup.secret}
        </code>
      </p>
      <p className="text-xs text-muted-foreground break-all">{setup.otpauth_url}</p>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Code from the app</Label>
        <Input id={codeId} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </div>
      <Button type="submit" disabled={busy}>
        Confirm the app
      </Button>
    </form>
  );
}

/** Creates a passkey with the browser. Used at sign-in and in the console. */
export async function enrolPasskey(): Promise<string[] | null> {
  const { options } = await adminApi.passkeyRegisterOptions();
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const done = await adminApi.passkeyRegister(response);
  return done.recovery_codes;
}

export function SecondFactorStep({
  session,
  onDone,
  onCancel,
}: {
  session: AdminSessionResponse;
  onDone: () => Promise<void>;
  onCancel: () => Promise<void>;
}) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const codeId = useId();
  const recoveryId = useId();

  const finish = async (codes: string[] | null) => {
    dismissToasts();
    if (codes) setRecoveryCodes(codes);
    else await onDone();
  };

  async function run(step: () => Promise<string[] | null>, fallback: MessagePair) {
    setBusy(true);
    try {
      await finish(await step());
    } catch (error) {
      showStepError(error, fallback);
    } finally {
      setBusy(false);
    }
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onContinue={() => void onDone()} />;

  const page = session.stage === 'enrol' ? MESSAGES.adminEnrolPage : MESSAGES.adminVerifyPage;
  const passkey = async () => {
    const { options } = await adminApi.passkeyOptions();
    const response = await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
    await adminApi.passkeyVerify(response);
    return null;
  };

  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{page.title}</h2>
        <CardDescription>{page.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {session.stage === 'enrol' ? (
          <>
            <Button onClick={() => void run(enrolPasskey, MESSAGES.adminPasskeyFailed)} disabled={busy}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              Create a passkey
            </Button>
            <TotpEnrolment onEnrolled={(codes) => void finish(codes)} />
          </>
        ) : (
          <>
            {session.enrolled.includes('passkey') && (
              <Button onClick={() => void run(passkey, MESSAGES.adminPasskeyFailed)} disabled={busy}>
                <KeyRound aria-hidden="true" className="h-4 w-4" />
                Sign in with a passkey
              </Button>
            )}
            {session.enrolled.includes('totp') && (
              <form
                className="grid gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  void run(async () => (await adminApi.totpVerify(code.trim()), null), MESSAGES.adminFactorCodeInvalid);
                }}
              >
                <Label htmlFor={codeId}>Authenticator code</Label>
                <Input
                  id={codeId}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
                <Button type="submit" disabled={busy}>
                  Verify code
                </Button>
              </form>
            )}
            <form
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void run(async () => (await adminApi.recoveryCode(recovery.trim()), null), MESSAGES.adminRecoveryCodeInvalid);
              }}
            >
              <Label htmlFor={recoveryId}>Recovery code</Label>
              <Input id={recoveryId} autoComplete="off" value={recovery} onChange={(e) => setRecovery(e.target.value)} />
              <Button type="submit" variant="outline" disabled={busy}>
                Use recovery code
              </Button>
            </form>
          </>
        )}
        <Button variant="ghost" onClick={() => void onCancel()}>
          Cancel and sign out
        </Button>
      </CardContent>
    </Card>
  );
}
