// The removal request form (SPEC §2, §5): artwork URL or ID, name, e-mail, reason, optional
// details and a legal notice. Checked with the shared schema before it is sent.
import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import type { RemovalRequestCreated } from '../../../../core/api-types';
import { LIMITS, REMOVAL_VETTING_TEXT } from '../../../../core/constants';
import { extractSubmissionIdFromUrl } from '../../../../core/ids';
import { MESSAGES } from '../../../../core/messages';
import { removalRequestSchema } from '../../../../core/schemas';
import { firstIssueMessage } from '../../../../core/validation';
import { ApiError, apiPost } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Textarea } from '../ui/Textarea';
import { Field } from '../submit/Field';

export const REMOVAL_REQUESTS_PATH = '/api/removal-requests';

export interface RemovalFormValues {
  submission_url: string;
  requestor_name: string;
  requestor_email: string;
  reason: string;
  additional_info: string;
}

export function emptyRemovalForm(submissionUrl = ''): RemovalFormValues {
  return { submission_url: submissionUrl, requestor_name: '', requestor_email: '', reason: '', additional_info: '' };
}

/** A 400 carries the spec's own words for the field at fault; anything else gets the spec's generic text. */
function failureMessage(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status === 400 && error.title) return { title: error.title, description: error.message };
  return MESSAGES.removalFailed;
}

export function RemovalForm({
  initialUrl,
  onSubmitted,
}: {
  initialUrl: string;
  onSubmitted: (created: RemovalRequestCreated) => void;
}) {
  const [values, setValues] = useState<RemovalFormValues>(() => emptyRemovalForm(initialUrl));
  const [sending, setSending] = useState(false);
  const set = (key: keyof RemovalFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const detectedId = extractSubmissionIdFromUrl(values.submission_url);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const body = { ...values, additional_info: values.additional_info.trim() ? values.additional_info : null };
    const checked = removalRequestSchema.safeParse(body);
    if (!checked.success) {
      const problem = firstIssueMessage(checked.error);
      toastError(problem.title, problem.description);
      return;
    }
    setSending(true);
    try {
      const created = await apiPost<RemovalRequestCreated>(REMOVAL_REQUESTS_PATH, body);
      toastSuccess(MESSAGES.removalSubmitted.title, MESSAGES.removalSubmitted.description);
      onSubmitted(created);
    } catch (error) {
      const problem = failureMessage(error);
      toastError(problem.title, problem.description);
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6">
      <Field
        label="Artwork URL or Registry ID"
        hint={
          detectedId ? (
            <>
              Registry ID detected: <span className="font-mono">{detectedId}</span>
            </>
          ) : (
            'The proof page address (…/verify/…) or the registry ID of the artwork.'
          )
        }
      >
        {({ id, describedBy }) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            autoComplete="off"
            value={values.submission_url}
            maxLength={LIMITS.removalUrl}
            onChange={set('submission_url')}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Full Name">
          {({ id }) => (
            <Input id={id} autoComplete="name" value={values.requestor_name} maxLength={LIMITS.removalName} onChange={set('requestor_name')} />
          )}
        </Field>
        <Field label="Email Address">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              value={values.requestor_email}
              maxLength={LIMITS.removalEmail}
              onChange={set('requestor_email')}
            />
          )}
        </Field>
      </div>
      <Field label="Reason for Removal" hint="For example: you are the artist, the work was registered by someone else, or it infringes your rights.">
        {({ id, describedBy }) => (
          <Textarea id={id} aria-describedby={describedBy} rows={4} value={values.reason} maxLength={LIMITS.removalReason} onChange={set('reason')} />
        )}
      </Field>
      <Field label="Additional Information" labelSuffix="(optional)">
        {({ id }) => (
          <Textarea
            id={id}
            rows={3}
            value={values.additional_info}
            maxLength={LIMITS.removalAdditionalInfo}
            onChange={set('additional_info')}
          />
        )}
      </Field>

      <div className="rounded-md border border-warning bg-warning-soft p-4 text-sm text-amber-950" role="note" aria-label="Legal notice">
        <p className="font-semibold">Legal notice</p>
        <p className="mt-1">
          By submitting this request you confirm that the information you give is accurate and that you are the
          artist, the rights holder, or authorised to act on their behalf. Moderators review every request within{' '}
          {REMOVAL_VETTING_TEXT}. Your name and e-mail address are used only to handle this request and are never shown
          publicly.
        </p>
      </div>

      <Button type="submit" variant="warning" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden="true" className="h-4 w-4" />
        {sending ? 'Submitting...' : 'Submit Removal Request'}
      </Button>
    </form>
  );
}
