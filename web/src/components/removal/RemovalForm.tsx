// The removal request form (docs/product.md §2, §5): artwork URL or ID, name, e-mail, reason, optional
// details and a legal notice. Checked with the shared schema before it is sent. A failed check
// keeps its toast and also marks every failing field, with its message under it, and moves focus
// to the first of them (issue 17); so does a 400 from the server that names fields.
import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import type { RemovalRequestCreated } from '#core/api-types';
import { LIMITS, REMOVAL_VETTING_TEXT } from '#core/constants';
import { extractSubmissionIdFromUrl } from '#core/ids';
import { MESSAGES } from '#core/messages';
import { removalRequestSchema } from '#core/schemas';
import { fieldErrors, firstIssueMessage } from '#core/validation';
import { ApiError, apiPost } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Textarea } from '../ui/Textarea';
import { useFieldErrors, type FieldErrorMap } from '../ui/useFieldErrors';
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

/** Under an empty required field: what to fill in there, rather than the toast's 'Please fill in all required fields.' */
const REQUIRED_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  submission_url: MESSAGES.removalUrlRequired.description,
  requestor_name: MESSAGES.removalNameRequired.description,
  requestor_email: MESSAGES.removalEmailRequired.description,
  reason: MESSAGES.removalReasonRequired.description,
};

/** The messages under the fields, in check order. */
function underFieldMessages(fields: Record<string, string>): FieldErrorMap {
  return Object.fromEntries(
    Object.entries(fields).map(([field, text]) => [
      field,
      text === MESSAGES.removalMissingInfo.description ? (REQUIRED_FIELD_MESSAGES[field] ?? text) : text,
    ]),
  );
}

/**
 * A 400 carries the spec's own words for the field at fault, a 429 the daily limit and when it
 * ends (a retry now would fail again); anything else gets the spec's generic text.
 */
function failureMessage(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status === 400 && error.title) return { title: error.title, description: error.message };
  if (error instanceof ApiError && error.status === 429)
    return { title: error.title ?? MESSAGES.rateLimited.title, description: error.message };
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
  const errors = useFieldErrors();
  const set = (key: keyof RemovalFormValues) => (event: { target: { value: string } }) => {
    errors.clear(key);
    setValues((v) => ({ ...v, [key]: event.target.value }));
  };
  /** Props of the control of `key`: focus target, invalid state and the ids describing it. */
  const fieldProps = (
    key: keyof RemovalFormValues,
    ids: { id: string; describedBy: string | undefined; invalid: true | undefined },
  ) => ({
    id: ids.id,
    ref: errors.register(key),
    'aria-describedby': ids.describedBy,
    'aria-invalid': ids.invalid,
  });

  const detectedId = extractSubmissionIdFromUrl(values.submission_url);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const body = { ...values, additional_info: values.additional_info.trim() ? values.additional_info : null };
    const checked = removalRequestSchema.safeParse(body);
    if (!checked.success) {
      const problem = firstIssueMessage(checked.error);
      toastError(problem.title, problem.description);
      errors.show(underFieldMessages(fieldErrors(checked.error)));
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
      if (error instanceof ApiError && error.status === 400 && error.fields) errors.show(underFieldMessages(error.fields));
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6">
      <Field
        label="Artwork URL or Registry ID"
        error={errors.get('submission_url')}
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
        {(ids) => (
          <Input
            {...fieldProps('submission_url', ids)}
            autoComplete="off"
            value={values.submission_url}
            maxLength={LIMITS.removalUrl}
            onChange={set('submission_url')}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Full Name" error={errors.get('requestor_name')}>
          {(ids) => (
            <Input
              {...fieldProps('requestor_name', ids)}
              autoComplete="name"
              value={values.requestor_name}
              maxLength={LIMITS.removalName}
              onChange={set('requestor_name')}
            />
          )}
        </Field>
        <Field label="Email Address" error={errors.get('requestor_email')}>
          {(ids) => (
            <Input
              {...fieldProps('requestor_email', ids)}
              type="email"
              autoComplete="email"
              value={values.requestor_email}
              maxLength={LIMITS.removalEmail}
              onChange={set('requestor_email')}
            />
          )}
        </Field>
      </div>
      <Field
        label="Reason for Removal"
        hint="For example: you are the artist, the work was registered by someone else, or it infringes your rights."
        error={errors.get('reason')}
      >
        {(ids) => (
          <Textarea
            {...fieldProps('reason', ids)}
            rows={4}
            value={values.reason}
            maxLength={LIMITS.removalReason}
            onChange={set('reason')}
          />
        )}
      </Field>
      <Field label="Additional Information" labelSuffix="(optional)" error={errors.get('additional_info')}>
        {(ids) => (
          <Textarea
            {...fieldProps('additional_info', ids)}
            rows={3}
            value={values.additional_info}
            maxLength={LIMITS.removalAdditionalInfo}
            onChange={set('additional_info')}
          />
        )}
      </Field>

      <div
        className="rounded-md border border-warning bg-warning-soft p-4 text-sm text-amber-950"
        role="note"
        aria-label="Legal notice"
      >
        <p className="font-semibold">Legal notice</p>
        <p className="mt-1">
          By submitting this request you confirm that the information you give is accurate and that you are the artist, the rights
          holder, or authorised to act on their behalf. Moderators review every request within {REMOVAL_VETTING_TEXT}. Your name and
          e-mail address are used only to handle this request and are never shown publicly.
        </p>
      </div>

      <Button type="submit" variant="warning" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden="true" className="h-4 w-4" />
        {sending ? 'Submitting...' : 'Submit Removal Request'}
      </Button>
    </form>
  );
}
