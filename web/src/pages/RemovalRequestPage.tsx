// /removal-request: the public removal form and, once sent, what happens next (docs/product.md §2).
// ?url= prefills the artwork field, so a proof page can link here with its own address.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { REMOVAL_VETTING_TEXT } from '#core/constants';
import { PageContainer } from '../components/layout/PageContainer';
import { PageHeading } from '../components/layout/PageHeading';
import { RemovalForm } from '../components/removal/RemovalForm';
import { RemovalSuccess } from '../components/removal/RemovalSuccess';
import { Card, CardContent } from '../components/ui/Card';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function RemovalRequestPage() {
  useDocumentTitle('Request Artwork Removal');
  const [params] = useSearchParams();
  const [submitted, setSubmitted] = useState(false);
  // A new key remounts the form empty for 'Submit Another Request'.
  const [formKey, setFormKey] = useState(0);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (submitted) successRef.current?.querySelector<HTMLElement>('#removal-success-title')?.focus();
  }, [submitted]);

  return (
    <PageContainer className="max-w-3xl">
      <PageHeading icon={ShieldAlert} iconClassName="text-warning" title="Request Artwork Removal">
        Ask for a work to be removed from the public ledger. Moderators review requests within {REMOVAL_VETTING_TEXT}.
      </PageHeading>
      <Card className="mt-8">
        <CardContent className="pt-6">
          {submitted ? (
            <div ref={successRef}>
              <RemovalSuccess
                onAnother={() => {
                  setSubmitted(false);
                  setFormKey((k) => k + 1);
                }}
              />
            </div>
          ) : (
            <RemovalForm
              key={formKey}
              initialUrl={formKey === 0 ? (params.get('url') ?? '') : ''}
              onSubmitted={() => setSubmitted(true)}
            />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
