// /artist-dispute/confirm?token=… — the page a claim dispute's confirmation e-mail opens
// (decisions 0053, 0063): nothing happens until the button POSTs the token.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Scale } from 'lucide-react';
import { MESSAGES, type MessagePair } from '#core/messages';
import { PageContainer } from '../components/layout/PageContainer';
import { PageHeading } from '../components/layout/PageHeading';
import { Button } from '../components/ui/Button';
import { Card, CardContent } from '../components/ui/Card';
import { apiPost } from '../lib/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ProblemAlert, problemOf } from '../components/confirm/ProblemAlert';

export default function ClaimDisputeConfirmPage() {
  useDocumentTitle(MESSAGES.claimDisputeOpen.title);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<MessagePair | null>(token ? null : MESSAGES.confirmLinkMissing);

  async function confirm() {
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      await apiPost('/api/claim-disputes/confirm', { token });
      setDone(true);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  const heading = done ? MESSAGES.claimDisputeConfirmed : MESSAGES.claimDisputeFiled;
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading icon={Scale} iconClassName="text-primary" title={heading.title}>
        {heading.description}
      </PageHeading>
      <Card className="mt-8">
        <CardContent className="grid gap-4 pt-6" aria-live="polite">
          <ProblemAlert problem={problem} />
          {token && !done && (
            <div>
              <Button type="button" disabled={busy} onClick={() => void confirm()}>
                {MESSAGES.claimDisputeConfirmButton.title}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
