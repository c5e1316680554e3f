// The page an e-mailed confirmation link opens (decision 0053): it says what the link is for and
// does nothing until the button is pressed, which POSTs the token. Mail scanners open every link
// in a message; opening one must never confirm anything. On success the page goes on to the
// work's proof page, which shows the confirmation.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MailCheck, type LucideIcon } from 'lucide-react';
import type { MessagePair } from '#core/messages';
import { MESSAGES } from '#core/messages';
import { PageContainer } from '../layout/PageContainer';
import { PageHeading } from '../layout/PageHeading';
import { Button } from '../ui/Button';
import { Card, CardContent } from '../ui/Card';
import { apiPost } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ProblemAlert, problemOf } from './ProblemAlert';

export interface ConfirmByButtonProps {
  page: MessagePair;
  button: MessagePair;
  /** The API route the button POSTs { token } to; it answers { id } of the work. */
  endpoint: string;
  /** Where to go with the work's id once confirmed. */
  next: (workId: string) => string;
  icon?: LucideIcon;
}

export function ConfirmByButton({ page, button, endpoint, next, icon = MailCheck }: ConfirmByButtonProps) {
  useDocumentTitle(page.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<MessagePair | null>(token ? null : MESSAGES.confirmLinkMissing);

  async function confirm() {
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      const { id } = await apiPost<{ id: string }>(endpoint, { token });
      await navigate(next(id), { replace: true });
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }

  return (
    <PageContainer className="max-w-2xl">
      <PageHeading icon={icon} iconClassName="text-primary" title={page.title}>
        {page.description}
      </PageHeading>
      <Card className="mt-8">
        <CardContent className="grid gap-4 pt-6" aria-live="polite">
          <ProblemAlert problem={problem} />
          {token && (
            <div>
              <Button type="button" disabled={busy} onClick={() => void confirm()}>
                {button.title}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
