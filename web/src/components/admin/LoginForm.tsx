// Admin login (docs/product.md §5/§8): both fields required, the server's reason on failure, and a
// separate message when the server cannot be reached at all.
import { useId, useState, type FormEvent } from 'react';
import { LogIn } from 'lucide-react';
import { MESSAGES, adminConnectionErrorMessage, adminLoginFailedMessage } from '#core/messages';
import { ApiError } from '../../lib/api';
import { dismissToasts, toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/Card';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

export function LoginForm({ onLogin }: { onLogin: (email: string, password: string) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toastError(MESSAGES.adminCredentialsRequired.title, MESSAGES.adminCredentialsRequired.description);
      return;
    }
    setBusy(true);
    try {
      await onLogin(email.trim(), password);
      // An earlier attempt's 'Login failed' must not stay over the dashboard (issue 35).
      dismissToasts();
    } catch (error) {
      const pair =
        error instanceof ApiError && error.status === 0
          ? adminConnectionErrorMessage(error.message)
          : error instanceof ApiError && error.status === 400
            ? { title: error.title ?? MESSAGES.adminCredentialsRequired.title, description: error.message }
            : adminLoginFailedMessage(error instanceof ApiError ? error.message : null);
      toastError(pair.title, pair.description);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Admin Login</h2>
        <CardDescription>Sign in with your admin account.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the spec's own message replaces the browser's bubbles. */}
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={passwordId}>Password</Label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Logging in…' : 'Login'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
