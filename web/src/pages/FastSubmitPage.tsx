// /fast-submit: the 7-step registration wizard (docs/product.md §2, §4, §5). The image uploads as soon as
// it is chosen; each step advances only when its check passes; there is no back button. A failed
// check is told in a toast and under each field at fault, and focus moves to the first of them
// (issue 17). The draft survives a reload of the tab until it is submitted or discarded.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, Send, Trash2 } from 'lucide-react';
import type { SubmissionCreated, UploadResponse } from '#core/api-types';
import { MESSAGES, submissionRegisteredMessage, type MessagePair } from '#core/messages';
import { isAlwaysTag, normaliseTag } from '#core/tags';
import { validateWizardStep, WIZARD_STEP_FIELDS, wizardStepFieldErrors, wizardStepOfField } from '#core/validation';
import { PageContainer } from '../components/layout/PageContainer';
import { Button } from '../components/ui/Button';
import { Card, CardContent } from '../components/ui/Card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../components/ui/Dialog';
import { useFieldErrors, type FieldErrorMap } from '../components/ui/useFieldErrors';
import { checkImageFile } from '../components/submit/imageFileCheck';
import { StepContact } from '../components/submit/steps/StepContact';
import { StepPermissions } from '../components/submit/steps/StepPermissions';
import { StepReview } from '../components/submit/steps/StepReview';
import { StepStory } from '../components/submit/steps/StepStory';
import { StepTitlePrompt } from '../components/submit/steps/StepTitlePrompt';
import { StepTool } from '../components/submit/steps/StepTool';
import { StepUpload } from '../components/submit/steps/StepUpload';
import { UploadStatus } from '../components/submit/UploadStatus';
import { useImagePreview, type ImagePreview } from '../components/submit/useImagePreview';
import { useImageUpload, type UploadState } from '../components/submit/useImageUpload';
import { emptyWizardStart, useDraftAutosave, useRestoredUploadCheck, wizardStart } from '../components/submit/useWizardDraft';
import { WizardProgress } from '../components/submit/WizardProgress';
import { FIRST_STEP, REVIEW_STEP, WIZARD_STEP_TITLES } from '../components/submit/wizardSteps';
import { isPristine, toSubmissionBody, type WizardValues } from '../components/submit/wizardValues';
import { ApiError, apiPost } from '../lib/api';
import { JUST_REGISTERED } from '../lib/linkPolling';
import { toastError, toastSuccess } from '../lib/toast';
import { useDocumentTitle } from '../lib/useDocumentTitle';

const SUBMISSIONS_PATH = '/api/submissions';
const STORY_STEP = 3;

function uploadId(upload: UploadState): string | undefined {
  return upload.status === 'done' ? upload.result.upload_id : undefined;
}

/** The description of a failed submission: the server's words when it answered, else the spec's. */
function submissionErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return MESSAGES.submissionFailed.description;
}

/** Step 1 needs an image whose upload has not failed; it may still be running. */
function imageProblem(upload: UploadState): MessagePair | null {
  if (upload.status === 'idle') return MESSAGES.fastImageRequired;
  if (upload.status === 'error') return { title: MESSAGES.uploadFailed.title, description: upload.message };
  return null;
}

/** The preview of an upload restored from the draft: the server's 360 px copy. */
function uploadedPreview(result: UploadResponse): ImagePreview {
  const [width, height] = result.image_dimensions.split(',').map(Number);
  return { url: result.image_url, width: width || 0, height: height || 0 };
}

/**
 * Field errors as the steps show them: one message for the tags (they share one text box) and
 * one for the permission boxes; a link or co-author error stays with its own input.
 */
function shownErrors(errors: Record<string, string>): FieldErrorMap {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0];
    const key = field === 'tags' || field === 'permissions' ? field : path;
    if (!(key in out)) out[key] = message;
  }
  return out;
}

/** The error field a changed value clears ('tag_input' is typed into the tags box). */
const errorFieldOf = (key: string) => (key === 'tag_input' ? 'tags' : key);

/** The typed tag joins the chosen ones when the artist moves on (it was checked with them). */
function withTypedTag(values: WizardValues): WizardValues {
  const typed = normaliseTag(values.tag_input);
  if (!typed) return values.tag_input ? { ...values, tag_input: '' } : values;
  const tags = isAlwaysTag(typed) || values.tags.includes(typed) ? values.tags : [...values.tags, typed];
  return { ...values, tags, tag_input: '' };
}

export default function FastSubmitPage() {
  useDocumentTitle('Fast Submit');
  const navigate = useNavigate();
  // The wizard's own draft after a reload, the home form's hand-over, or an empty wizard.
  const [start] = useState(wizardStart);
  const [step, setStep] = useState(start.step);
  const [values, setValues] = useState<WizardValues>(start.values);
  const [file, setFile] = useState<File | null>(start.file);
  const [restored, setRestored] = useState(start.restored);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { state: upload, upload: startUpload, reset: resetUpload, lose: loseUpload } = useImageUpload(start.upload);
  const filePreview = useImagePreview(file);
  const preview = filePreview ?? (upload.status === 'done' ? uploadedPreview(upload.result) : null);
  const errors = useFieldErrors();
  const { clear: clearError, show: showErrors } = errors;

  const draft = useDraftAutosave({ step, values, file, upload: upload.status === 'done' ? upload.result : null });
  const onUploadLost = useCallback(() => loseUpload(MESSAGES.uploadNotFound.description), [loseUpload]);
  useRestoredUploadCheck(start.upload, onUploadLost);

  const patch = useCallback(
    (change: Partial<WizardValues>) => {
      setValues((v) => ({ ...v, ...change }));
      for (const key of Object.keys(change)) clearError(errorFieldOf(key));
    },
    [clearError],
  );

  // Every newly chosen file (the draft's included) uploads at once, exactly once; a file whose
  // upload the draft already holds is not sent again.
  const uploadedFile = useRef<File | null>(start.upload ? start.file : null);
  useEffect(() => {
    if (file && uploadedFile.current !== file) {
      uploadedFile.current = file;
      void startUpload(file);
    }
  }, [file, startUpload]);

  const retryUpload = useCallback(() => {
    if (file) void startUpload(file);
  }, [file, startUpload]);

  // Keyboard and screen-reader users land on the new step's heading, not at the bottom of the
  // form; unless the step was opened to show an error, then focus goes to that field instead.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const openedForError = useRef(false);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (openedForError.current) {
      openedForError.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  /** Opens `target` with these field errors shown (submit found a problem on an earlier step). */
  const showOnStep = (target: number, fieldErrors: FieldErrorMap) => {
    if (target !== step) openedForError.current = true;
    setStep(target);
    showErrors(fieldErrors);
  };

  const chooseFile = async (chosen: File) => {
    setChecking(true);
    const check = await checkImageFile(chosen);
    setChecking(false);
    if (!check.ok) {
      toastError(check.message.title, check.message.description);
      return;
    }
    clearError('upload_id');
    setFile(chosen);
  };

  const goNext = () => {
    if (step === FIRST_STEP) {
      const problem = imageProblem(upload);
      if (problem) {
        toastError(problem.title, problem.description);
        showErrors({ upload_id: problem.description });
        return;
      }
    } else {
      const body = toSubmissionBody(values, uploadId(upload));
      const problem = validateWizardStep(step, body);
      if (problem) {
        toastError(problem.title, problem.description);
        showErrors(shownErrors(wizardStepFieldErrors(step, body)));
        return;
      }
    }
    if (step === STORY_STEP) setValues(withTypedTag);
    clearError();
    setStep((s) => Math.min(s + 1, REVIEW_STEP));
  };

  const submit = async () => {
    const image = imageProblem(upload);
    if (image) {
      toastError(image.title, image.description);
      showOnStep(FIRST_STEP, { upload_id: image.description });
      return;
    }
    if (upload.status !== 'done') return toastError(MESSAGES.uploadIncomplete.title, MESSAGES.uploadIncomplete.description);
    const body = toSubmissionBody(values, upload.result.upload_id);
    const problem = validateWizardStep(REVIEW_STEP, body);
    if (problem) {
      toastError(problem.title, problem.description);
      // The first problem's step opens (after a reload that is often step 6: the e-mail is not kept).
      const target = (problem.field && wizardStepOfField(problem.field)) || REVIEW_STEP;
      const onTarget = Object.entries(wizardStepFieldErrors(REVIEW_STEP, body)).filter(([path]) =>
        (WIZARD_STEP_FIELDS[target] ?? []).includes(path.split('.')[0]),
      );
      showOnStep(target, shownErrors(Object.fromEntries(onTarget)));
      return;
    }

    setSubmitting(true);
    try {
      const created = await apiPost<SubmissionCreated>(SUBMISSIONS_PATH, body);
      const registered = submissionRegisteredMessage(created?.trust_meter ?? 0);
      toastSuccess(registered.title, registered.description);
      // The next wizard starts empty.
      draft.finish();
      // The proof page opens as the receipt: with the links' states, live (issue 33).
      navigate(created?.id ? `/verify/${encodeURIComponent(created.id)}` : '/ledger', { state: JUST_REGISTERED });
    } catch (error) {
      toastError(MESSAGES.submissionFailed.title, submissionErrorMessage(error));
      setSubmitting(false);
    }
  };

  const discardDraft = () => {
    const fresh = emptyWizardStart();
    uploadedFile.current = null;
    resetUpload();
    setFile(null);
    setValues(fresh.values);
    setRestored(null);
    clearError();
    setStep(FIRST_STEP);
    setConfirmDiscard(false);
  };

  const onSubmit = (event: FormEvent) => {
    // Enter in a text field advances one step at most; only the last step's button submits.
    event.preventDefault();
    if (submitting || checking) return;
    if (step === REVIEW_STEP) void submit();
    else goNext();
  };

  const headingId = 'wizard-step-title';
  const showUploadBanner = step > FIRST_STEP && step < REVIEW_STEP && (upload.status === 'uploading' || upload.status === 'error');
  const hasDraft = !(step === FIRST_STEP && upload.status === 'idle' && !file && isPristine(values));
  const stepProps = { values, patch, errors };

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Fast Submit</h1>
      <p className="mt-2 text-muted-foreground">
        Register your artwork in seven short steps. Each work gets a registry ID, a trust score and a public proof page.
      </p>
      <p className="mt-2 text-sm">
        Several images?{' '}
        <Link to="/fast-submit/batch" className="font-medium underline underline-offset-2">
          Register several works
        </Link>{' '}
        at once.
      </p>

      <Card className="mt-8">
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <CardContent className="grid gap-6 pt-6">
            <WizardProgress step={step} />
            {restored && (
              <p
                role="status"
                className="rounded-md bg-secondary px-4 py-3 text-sm text-secondary-foreground"
                data-testid="draft-restored"
              >
                Your draft was restored.
                {restored.emailLost && ' For your privacy the e-mail address is not kept: please enter it again at step 6.'}
              </p>
            )}
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              {WIZARD_STEP_TITLES[step - 1]}
            </h2>
            {showUploadBanner && <UploadStatus state={upload} onRetry={file ? retryUpload : undefined} />}

            {step === 1 && (
              <StepUpload
                preview={preview}
                upload={upload}
                onSelect={(f) => void chooseFile(f)}
                onRetry={file ? retryUpload : undefined}
                checking={checking}
                error={errors.get('upload_id')}
                pickerRef={errors.register('upload_id')}
              />
            )}
            {step === 2 && <StepTitlePrompt {...stepProps} />}
            {step === 3 && <StepStory {...stepProps} />}
            {step === 4 && <StepTool {...stepProps} />}
            {step === 5 && <StepPermissions {...stepProps} />}
            {step === 6 && <StepContact {...stepProps} />}
            {step === 7 && (
              <StepReview values={values} upload={upload} preview={preview} onRetryUpload={file ? retryUpload : undefined} />
            )}

            <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
              {hasDraft ? (
                <Button variant="ghost" onClick={() => setConfirmDiscard(true)} className="w-full sm:w-auto">
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Discard draft
                </Button>
              ) : (
                <span aria-hidden="true" />
              )}
              {step < REVIEW_STEP ? (
                <Button type="submit" disabled={checking} className="w-full sm:w-auto">
                  Next
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : (
                <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
                  <Send aria-hidden="true" className="h-4 w-4" />
                  {submitting ? 'Submitting...' : 'Submit to Ledger'}
                </Button>
              )}
            </div>
          </CardContent>
        </form>
      </Card>

      <Dialog open={confirmDiscard} onOpenChange={setConfirmDiscard}>
        <DialogContent
          // After a discard the button that opened this is gone: start again at the first step's heading.
          onCloseAutoFocus={(event) => {
            if (!hasDraft) {
              event.preventDefault();
              headingRef.current?.focus();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Discard this draft?</DialogTitle>
            <DialogDescription>
              Everything entered in this form, and the chosen image, is removed from this browser tab. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep editing</Button>
            </DialogClose>
            <Button variant="destructive" onClick={discardDraft}>
              Discard draft
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </PageContainer>
  );
}
