// /co-author/confirm?token=… — the page a co-author's invitation opens (decision 0064). It reads
// what the link asks (the work and the credited name) and does nothing until a button is pressed:
// mail scanners open every link in a message (decision 0053).
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Users } from 'lucide-react';
import { proofPath } from '#core/ids';
import { coAuthorQuestion, MESSAGES, type MessagePair } from '#core/messages';
import { PageContainer } from '../components/layout/PageContainer';
import { PageHeading } from '../components/layout/PageHeading';
import { Button } from '../components/ui/Button';
import { Card, CardContent } from '../components/ui/Card';
import { apiPost } from '../lib/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ProblemAlert, problemOf } from '../components/confirm/ProblemAlert';

interface Question {
  registry_id: string;
  title: string;
  artist_name: string;
  co_author_name: string;
}

interface Answer {
  id: string;
  state: 'confirmed' | 'declined';
}

export default function CoAuthorConfirmPage() {
  const page = MESSAGES.coAuthorConfirmPage;
  useDocumentTitle(page.title);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [question, setQuestion] = useState<Question | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<MessagePair | null>(token ? null : MESSAGES.confirmLinkMissing);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    apiPost<Question>('/api/co-authors/invitation', { token }, { signal: controller.signal })
      .then(setQuestion)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setProblem(problemOf(error));
      });
    return () => controller.abort();
  }, [token]);

  async function send(path: '/api/co-authors/confirm' | '/api/co-authors/decline') {
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await apiPost<Answer>(path, { token }));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  const done = answer && (answer.state === 'confirmed' ? MESSAGES.coAuthorConfirmedDone : MESSAGES.coAuthorDeclinedDone);
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading icon={Users} iconClassName="text-primary" title={page.title}>
        {page.description}
      </PageHeading>
      <Card className="mt-8">
        <CardContent className="grid gap-4 pt-6" aria-live="polite">
          <ProblemAlert problem={problem} />
          {question && !done && (
            <>
              <p className="text-lg font-semibold">{coAuthorQuestion(question.title)}</p>
              <p className="text-sm text-muted-foreground">
                {question.registry_id}, registered by {question.artist_name}, credits “{question.co_author_name}” as a co-author.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button type="button" disabled={busy} onClick={() => void send('/api/co-authors/confirm')}>
                  {MESSAGES.coAuthorConfirmButton.title}
                </Button>
                <Button type="button" variant="outline" disabled={busy} onClick={() => void send('/api/co-authors/decline')}>
                  {MESSAGES.coAuthorDeclineButton.title}
                </Button>
              </div>
            </>
          )}
          {done && answer && (
            <div role="status" className="grid gap-2">
              <p className="font-semibold">{done.title}</p>
              <p>{done.description}</p>
              <Link to={proofPath(answer.id)} className="text-primary hover:underline">
                {question ? question.registry_id : answer.id}
              </Link>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
