// /manage — "Manage my works" (issue 18). Without a session it asks for the e-mail address the
// works were registered with and says to check the inbox; the e-mailed link (/manage?token=…)
// opens a page whose button exchanges it once for a session cookie (decision 0053: opening a link
// spends nothing, so a mail scanner cannot use it up), the token leaves the address bar, and the
// page lists every work of that address with what the artist may change.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Download, MailCheck, Settings2 } from 'lucide-react';
import type { ManagedWork } from '#core/api/manage';
import { MANAGE } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { PageContainer } from '../components/layout/PageContainer';
import { PageHeading } from '../components/layout/PageHeading';
import { ManagedWorkCard } from '../components/manage/ManagedWorkCard';
import { Button } from '../components/ui/Button';
import { buttonClasses } from '../components/ui/buttonStyles';
import { Card, CardContent } from '../components/ui/Card';
import { FieldError, fieldErrorId } from '../components/ui/FieldError';
import { Input } from '../components/ui/Input';
import { Label } from '../components/ui/Label';
import { Spinner } from '../components/ui/Spinner';
import { ApiError, errorMessage } from '../lib/api';
import { endManageSession, listManagedWorks, openManageLink, requestManageLink } from '../lib/manageApi';
import { useDocumentTitle } from '../lib/useDocumentTitle';

type State =
  | { kind: 'loading' }
  | { kind: 'open'; token: string }
  | { kind: 'ask'; problem?: { title: string; message: string } }
  | { kind: 'sent'; title: string; message: string }
  | { kind: 'works'; works: ManagedWork[] };

export default function ManagePage() {
  useDocumentTitle('Manage your works');
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  // A link opens once: the exchange must not run twice (React runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (token) {
      // Kept in memory until the button is pressed; it should not stay in the address bar or the history.
      setParams({}, { replace: true });
      setState({ kind: 'open', token });
      return;
    }
    // Arriving without a link is not a problem: without a session, the page asks for the address.
    listManagedWorks().then(
      (answer) => setState({ kind: 'works', works: answer.works }),
      () => setState({ kind: 'ask' }),
    );
  }, [params, setParams]);

  const openLink = (token: string) => {
    setState({ kind: 'loading' });
    openManageLink(token).then(
      (answer) => setState({ kind: 'works', works: answer.works }),
      (error: unknown) =>
        setState({
          kind: 'ask',
          problem: { title: error instanceof ApiError && error.title ? error.title : 'Link not valid', message: errorMessage(error) },
        }),
    );
  };

  const replaceWork = (next: ManagedWork) =>
    setState((s) => (s.kind === 'works' ? { kind: 'works', works: s.works.map((w) => (w.id === next.id ? next : w)) } : s));

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading icon={Settings2} iconClassName="text-primary" title="Manage your works">
        Add or remove evidence, change who sees your prompt, make a work private or withdraw it. No password: we send a single-use link
        to the address you registered with.
      </PageHeading>

      <div className="mt-8" aria-live="polite">
        {state.kind === 'loading' && <Spinner className="h-8 w-8 text-primary" label="Loading…" />}
        {state.kind === 'open' && (
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <div>
                <h2 className="text-lg font-semibold">{MESSAGES.manageOpenPage.title}</h2>
                <p className="mt-1 text-muted-foreground">{MESSAGES.manageOpenPage.description}</p>
              </div>
              <div>
                <Button type="button" onClick={() => openLink(state.token)}>
                  {MESSAGES.manageOpenButton.title}
                </Button>
              </div>
            </CardContent>
          </Card>
        )}
        {state.kind === 'ask' && (
          <AskForLink problem={state.problem} onSent={(title, message) => setState({ kind: 'sent', title, message })} />
        )}
        {state.kind === 'sent' && (
          <Card>
            <CardContent className="flex items-start gap-3 pt-6">
              <MailCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-success" />
              <div>
                <h2 className="text-lg font-semibold">{state.title}</h2>
                <p className="mt-1 text-muted-foreground">{state.message}</p>
              </div>
            </CardContent>
          </Card>
        )}
        {state.kind === 'works' && (
          <div className="grid gap-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-xl font-semibold">
                {state.works.length} {state.works.length === 1 ? 'work' : 'works'}
              </h2>
              <div className="flex flex-wrap gap-2">
                {/* Each public work's proof bundle, zipped together; private and withdrawn works have none. */}
                <a href="/api/manage/bundles.zip" download className={buttonClasses('outline', 'sm')}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Download all proof bundles
                </a>
                <Button variant="outline" size="sm" onClick={() => void endManageSession().finally(() => setState({ kind: 'ask' }))}>
                  Sign out
                </Button>
              </div>
            </div>
            {state.works.map((work) => (
              <ManagedWorkCard key={work.id} work={work} onChanged={replaceWork} />
            ))}
          </div>
        )}
      </div>
    </PageContainer>
  );
}

function AskForLink({
  problem,
  onSent,
}: {
  problem?: { title: string; message: string };
  onSent: (title: string, message: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await requestManageLink(email);
      onSent(answer.title, answer.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        {problem && (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <p className="font-semibold">{problem.title}</p>
            <p>{problem.message}</p>
          </div>
        )}
        <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <Label htmlFor="manage-email">The e-mail address you registered with</Label>
          <Input
            id="manage-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId('manage-email') : undefined}
          />
          <FieldError id={fieldErrorId('manage-email')} message={error} />
          <div>
            <Button type="submit" disabled={busy}>
              Send me a link
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">The link works once and expires in {MANAGE.linkMinutes} minutes.</p>
        </form>
      </CardContent>
    </Card>
  );
}
