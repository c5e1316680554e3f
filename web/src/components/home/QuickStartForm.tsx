// The home page's quick-start form (SPEC §2, §4, §5): image, e-mail, name and title, checked in
// the spec's order on 'Continue to Verification', then handed to /fast-submit as a draft.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { LIMITS } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { saveDraft } from '../../lib/draft';
import { toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Field } from '../submit/Field';
import { ImagePicker } from '../submit/ImagePicker';
import { useImagePreview } from '../submit/useImagePreview';
import { useQuickStartImage } from './useQuickStartImage';

// The checks use zod, which the home page does not otherwise need: load them on first use so
// the home page's JavaScript stays small.
const loadValidation = () => import('../../../../core/validation');

export function QuickStartForm() {
  const navigate = useNavigate();
  const { image, processing, choose, ready } = useQuickStartImage();
  const preview = useImagePreview(image?.processed.file ?? null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const [settledImage, { validateQuickStart }] = await Promise.all([ready(), loadValidation()]);
      const problem = validateQuickStart({ hasImage: settledImage !== null, email, name, title });
      if (problem) {
        toastError(problem.title, problem.description);
        setBusy(false);
        return;
      }
      saveDraft({ email, name, title, file: settledImage!.original });
      navigate('/fast-submit');
    } catch (error) {
      console.error('Quick-start form failed', error);
      toastError(MESSAGES.unexpectedError.title, MESSAGES.unexpectedError.description);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadValidation()} className="grid gap-6">
      <div className="grid gap-2">
        <span className="text-sm font-medium">
          Artwork Image
        </span>
        <ImagePicker
          preview={preview}
          previewAlt="Preview of your artwork"
          onSelect={choose}
          busyText={processing ? 'Processing image…' : undefined}
        />
      </div>
      <Field label="Email Address" hint="We'll send a verification link to this address.">
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            aria-describedby={describedBy}
            value={email}
            maxLength={LIMITS.email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Your Name" hint="Shown publicly as the artist name.">
        {({ id, describedBy }) => (
          <Input
            id={id}
            autoComplete="name"
            aria-describedby={describedBy}
            value={name}
            maxLength={LIMITS.artistName}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Artwork Title" counter={{ length: title.length, max: LIMITS.title }}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            autoComplete="off"
            aria-describedby={describedBy}
            value={title}
            maxLength={LIMITS.title}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-3">
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? 'Processing...' : 'Continue to Verification'}
          {!busy && <ArrowRight aria-hidden="true" className="h-4 w-4" />}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Next step: add your prompt, select the AI tools you used and complete verification.
        </p>
      </div>
    </form>
  );
}
