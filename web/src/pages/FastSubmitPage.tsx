// /fast-submit: the 7-step registration wizard (SPEC §2, §4, §5). The image uploads as soon as
// it is chosen; each step advances only when its check passes; there is no back button.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight, Send } from 'lucide-react';
import type { SubmissionCreated } from '../../../core/api-types';
import { MESSAGES, type MessagePair } from '../../../core/messages';
import { validateWizardStep } from '../../../core/validation';
import { PageContainer } from '../components/layout/PageContainer';
import { Button } from '../components/ui/Button';
import { Card, CardContent } from '../components/ui/Card';
import { checkImageFile } from '../components/submit/imageFileCheck';
import { StepContact } from '../components/submit/steps/StepContact';
import { StepPermissions } from '../components/submit/steps/StepPermissions';
import { StepReview } from '../components/submit/steps/StepReview';
import { StepStory } from '../components/submit/steps/StepStory';
import { StepTitlePrompt } from '../components/submit/steps/StepTitlePrompt';
import { StepTool } from '../components/submit/steps/StepTool';
import { StepUpload } from '../components/submit/steps/StepUpload';
import { UploadStatus } from '../components/submit/UploadStatus';
import { useImagePreview } from '../components/submit/useImagePreview';
import { useImageUpload, type UploadState } from '../components/submit/useImageUpload';
import { WizardProgress } from '../components/submit/WizardProgress';
import { FIRST_STEP, REVIEW_STEP, WIZARD_STEP_TITLES } from '../components/submit/wizardSteps';
import { initialWizardValues, toSubmissionBody, type WizardValues } from '../components/submit/wizardValues';
import { ApiError, apiPost } from '../lib/api';
import { clearDraft, readDraft } from '../lib/draft';
import { toastError, toastSuccess } from '../lib/toast';
import { useDocumentTitle } from '../lib/useDocumentTitle';

const SUBMISSIONS_PATH = '/api/submissions';

function uploadId(upload: UploadState): string | undefined {
  return upload.status === 'done' ? upload.result.upload_id : undefined;
}

/** The description of a failed submission: the server's words when it answered, else the spec's. */
function submissionErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return MESSAGES.submissionFailed.description;
}

/** Step 1 needs a chosen image whose upload has not failed; it may still be running. */
function imageProblem(file: File | null, upload: UploadState): MessagePair | null {
  if (!file) return MESSAGES.fastImageRequired;
  if (upload.status === 'error') return { title: MESSAGES.uploadFailed.title, description: upload.message };
  return null;
}

export default function FastSubmitPage() {
  useDocumentTitle('Fast Submit');
  const navigate = useNavigate();
  // A draft with its image (from the home form) skips step 1; after a reload only the text survives.
  const [draft] = useState(readDraft);
  const [step, setStep] = useState(() => (draft?.file ? FIRST_STEP + 1 : FIRST_STEP));
  const [values, setValues] = useState<WizardValues>(() => initialWizardValues(draft));
  const [file, setFile] = useState<File | null>(draft?.file ?? null);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { state: upload, upload: startUpload } = useImageUpload();
  const preview = useImagePreview(file);

  const patch = useCallback((change: Partial<WizardValues>) => setValues((v) => ({ ...v, ...change })), []);

  // Every newly chosen file (the draft's included) uploads at once, exactly once.
  const uploadedFile = useRef<File | null>(null);
  useEffect(() => {
    if (file && uploadedFile.current !== file) {
      uploadedFile.current = file;
      void startUpload(file);
    }
  }, [file, startUpload]);

  const retryUpload = useCallback(() => {
    if (file) void startUpload(file);
  }, [file, startUpload]);

  // Keyboard and screen-reader users land on the new step's heading, not at the bottom of the form.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const chooseFile = async (chosen: File) => {
    setChecking(true);
    const check = await checkImageFile(chosen);
    setChecking(false);
    if (!check.ok) {
      toastError(check.message.title, check.message.description);
      return;
    }
    setFile(chosen);
  };

  const stepProblem = (): MessagePair | null => {
    if (step === FIRST_STEP) return imageProblem(file, upload);
    return validateWizardStep(step, toSubmissionBody(values, uploadId(upload)));
  };

  const goNext = () => {
    const problem = stepProblem();
    if (problem) {
      toastError(problem.title, problem.description);
      return;
    }
    setStep((s) => Math.min(s + 1, REVIEW_STEP));
  };

  const submit = async () => {
    const image = imageProblem(file, upload);
    if (image) return toastError(image.title, image.description);
    if (upload.status !== 'done') return toastError(MESSAGES.uploadIncomplete.title, MESSAGES.uploadIncomplete.description);
    const body = toSubmissionBody(values, upload.result.upload_id);
    const problem = validateWizardStep(REVIEW_STEP, body);
    if (problem) return toastError(problem.title, problem.description);

    setSubmitting(true);
    try {
      const created = await apiPost<SubmissionCreated>(SUBMISSIONS_PATH, body);
      toastSuccess(MESSAGES.submissionSucceeded.title, MESSAGES.submissionSucceeded.description);
      clearDraft();
      navigate(created?.id ? `/verify/${encodeURIComponent(created.id)}` : '/ledger');
    } catch (error) {
      toastError(MESSAGES.submissionFailed.title, submissionErrorMessage(error));
      setSubmitting(false);
    }
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

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Fast Submit</h1>
      <p className="mt-2 text-muted-foreground">
        Register your artwork in seven short steps. Each work gets a registry ID, a trust score and a public proof page.
      </p>

      <Card className="mt-8">
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <CardContent className="grid gap-6 pt-6">
            <WizardProgress step={step} />
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              {WIZARD_STEP_TITLES[step - 1]}
            </h2>
            {showUploadBanner && <UploadStatus state={upload} onRetry={retryUpload} />}

            {step === 1 && (
              <StepUpload preview={preview} upload={upload} onSelect={(f) => void chooseFile(f)} onRetry={retryUpload} checking={checking} />
            )}
            {step === 2 && <StepTitlePrompt values={values} patch={patch} />}
            {step === 3 && <StepStory values={values} patch={patch} />}
            {step === 4 && <StepTool values={values} patch={patch} />}
            {step === 5 && <StepPermissions values={values} patch={patch} />}
            {step === 6 && <StepContact values={values} patch={patch} />}
            {step === 7 && <StepReview values={values} upload={upload} preview={preview} onRetryUpload={retryUpload} />}

            <div className="flex justify-end border-t border-border pt-6">
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
    </PageContainer>
  );
}
