// /fast-submit/batch, 'Register several works' (issue 18): up to 50 images with the details they
// share entered once and a title and prompt per image. Every image uploads as soon as it is
// chosen; each becomes a registration of its own with its own receipt; a failed file never stops
// the others; at the end a summary with every Registry ID and a CSV of them.
import { useCallback, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Download, ImagePlus, Send } from 'lucide-react';
import { Link } from 'react-router';
import { BATCH_MAX_WORKS } from '#core/constants';
import { batchRegisteredMessage, MESSAGES } from '#core/messages';
import { wizardStepFieldErrors } from '#core/validation';
import { PageContainer } from '../components/layout/PageContainer';
import { Button } from '../components/ui/Button';
import { Card, CardContent } from '../components/ui/Card';
import { useFieldErrors } from '../components/ui/useFieldErrors';
import { batchCsv } from '../components/submit/batch/batchCsv';
import { BatchRowList } from '../components/submit/batch/BatchRowList';
import { itemOf, registerRows, type SharedFields } from '../components/submit/batch/registerRows';
import { titleFromFileName, useBatchRows, type BatchRow } from '../components/submit/batch/useBatchRows';
import { StepContact } from '../components/submit/steps/StepContact';
import { StepPermissions } from '../components/submit/steps/StepPermissions';
import { StepTool } from '../components/submit/steps/StepTool';
import { REVIEW_STEP } from '../components/submit/wizardSteps';
import { initialWizardValues, toSubmissionBody, type WizardValues } from '../components/submit/wizardValues';
import { toastError, toastInfo, toastSuccess } from '../lib/toast';
import { useDocumentTitle } from '../lib/useDocumentTitle';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const PER_WORK_FIELDS = new Set(['upload_id', 'title', 'prompt']);

function sharedFieldsOf(values: WizardValues): SharedFields {
  const { upload_id: _upload, title: _title, prompt: _prompt, ...shared } = toSubmissionBody(values, undefined);
  return shared;
}

function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

type Phase = 'choosing' | 'registering' | 'done';

export default function BatchSubmitPage() {
  useDocumentTitle('Register several works');
  const { rows, addFiles, removeRow, patchRow } = useBatchRows();
  const [values, setValues] = useState<WizardValues>(() => initialWizardValues(null));
  const [phase, setPhase] = useState<Phase>('choosing');
  const errors = useFieldErrors();
  const { clear: clearError } = errors;
  const inputId = useId();

  const patch = useCallback(
    (change: Partial<WizardValues>) => {
      setValues((v) => ({ ...v, ...change }));
      for (const key of Object.keys(change)) clearError(key);
    },
    [clearError],
  );

  const uploading = rows.some((row) => row.upload.status === 'idle' || row.upload.status === 'uploading');
  const ready = useMemo(() => rows.filter((row) => row.upload.status === 'done'), [rows]);
  const registered = rows.filter((row) => row.registration.status === 'registered').length;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const dropped = addFiles([...(event.target.files ?? [])]);
    event.target.value = '';
    if (dropped > 0) toastInfo(MESSAGES.batchTooLarge.title, MESSAGES.batchTooLarge.description);
  };

  /** Titles start empty (a file name is rarely a title); on request, the empty ones take their file's name. */
  const titlesFromFileNames = () => {
    for (const row of rows)
      if (row.title.trim() === '') patchRow(row.key, { title: titleFromFileName(row.fileName), titleError: undefined });
  };

  /** The same checks as the server, per work: shared fields once, titles on their rows. */
  const problems = (candidates: readonly BatchRow[]): boolean => {
    const shared: Record<string, string> = {};
    let rowProblem = false;
    for (const row of candidates) {
      const found = wizardStepFieldErrors(REVIEW_STEP, { ...toSubmissionBody(values, undefined), ...itemOf(row) });
      for (const [path, message] of Object.entries(found)) {
        const field = path.split('.')[0];
        if (PER_WORK_FIELDS.has(field)) {
          if (field === 'title') patchRow(row.key, { titleError: message });
          rowProblem = true;
        } else if (!(path in shared)) {
          shared[path] = message;
        }
      }
    }
    if (Object.keys(shared).length > 0) errors.show(shared);
    return rowProblem || Object.keys(shared).length > 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'choosing') return;
    if (ready.length === 0) return toastError(MESSAGES.batchEmpty.title, MESSAGES.batchEmpty.description);
    if (uploading) return toastError(MESSAGES.uploadIncomplete.title, MESSAGES.uploadIncomplete.description);
    // Nothing was sent: the toast says so and points to the marked fields (issue 35).
    if (problems(ready)) return toastError(MESSAGES.batchFieldsMissing.title, MESSAGES.batchFieldsMissing.description);
    setPhase('registering');
    const count = await registerRows(ready, sharedFieldsOf(values), (key, registration) => patchRow(key, { registration }));
    setPhase('done');
    const message = count > 0 ? batchRegisteredMessage(count, rows.length) : MESSAGES.batchNothingRegistered;
    (count > 0 ? toastSuccess : toastError)(message.title, message.description);
  };

  const done = phase === 'done';

  return (
    <PageContainer className="max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">Register several works</h1>
      <p className="mt-2 text-muted-foreground">
        Up to {BATCH_MAX_WORKS} images at once. Enter what they share once (you, the tool, the permissions, your links) and a title and
        prompt for each. Every image becomes a registration of its own, with its own Registry ID, trust score and proof page. One image
        at a time? Use{' '}
        <Link to="/fast-submit" className="underline underline-offset-2">
          Fast Submit
        </Link>
        .
      </p>

      <form noValidate onSubmit={(e) => void submit(e)} className="mt-8 grid gap-8">
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <h2 className="text-xl font-semibold">1. Images</h2>
            {phase === 'choosing' && (
              <div>
                <input id={inputId} type="file" accept={ACCEPT} multiple className="peer sr-only" onChange={choose} />
                <label
                  htmlFor={inputId}
                  className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium hover:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
                >
                  <ImagePlus aria-hidden="true" className="h-4 w-4" />
                  Choose images (JPG, PNG or WebP)
                </label>
                <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
                  {rows.length} of {BATCH_MAX_WORKS} chosen · {ready.length} uploaded
                </p>
              </div>
            )}
            {phase === 'choosing' && rows.some((row) => row.title.trim() === '') && (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={titlesFromFileNames}>
                  Use the file names as titles
                </Button>
              </div>
            )}
            {rows.length > 0 && <BatchRowList rows={rows} locked={phase !== 'choosing'} onPatch={patchRow} onRemove={removeRow} />}
          </CardContent>
        </Card>

        {phase === 'choosing' && (
          <Card>
            <CardContent className="grid gap-8 pt-6">
              <h2 className="text-xl font-semibold">2. What the works share</h2>
              <StepTool values={values} patch={patch} errors={errors} />
              <StepPermissions values={values} patch={patch} errors={errors} />
              <StepContact values={values} patch={patch} errors={errors} />
              <div className="border-t border-border pt-6">
                <Button type="submit" size="lg" disabled={ready.length === 0} className="w-full sm:w-auto">
                  <Send aria-hidden="true" className="h-4 w-4" />
                  Register {ready.length} {ready.length === 1 ? 'work' : 'works'}
                </Button>
              </div>
            </CardContent>
          </Card>
        )}
      </form>

      {phase !== 'choosing' && (
        <Card className="mt-8">
          <CardContent className="grid gap-4 pt-6" aria-live="polite">
            <h2 className="text-xl font-semibold">{done ? 'Summary' : 'Registering…'}</h2>
            <p data-testid="batch-summary">
              {registered} of {rows.length} {rows.length === 1 ? 'work' : 'works'} registered
              {rows.length - registered > 0 && `, ${rows.length - registered} not registered (see the reasons above)`}.
            </p>
            {done && (
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => downloadText(batchCsv(rows), 'registered-works.csv', 'text/csv')}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Download CSV of Registry IDs
                </Button>
                <Button variant="outline" onClick={() => window.location.assign('/fast-submit/batch')}>
                  Register more works
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
