// The home page's quick-start form (docs/product.md §2, §4, §5): image, e-mail, name and title, checked in
// the spec's order on 'Continue to Verification', then handed to /fast-submit as a draft. A failed
// check keeps its toast (the first problem) and also marks every failing field, with its message
// under it, and moves focus to the first of them (issue 17).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { LIMITS } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { saveDraft } from '../../lib/draft';
import { toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { useFieldErrors } from '../ui/useFieldErrors';
import { Field } from '../submit/Field';
import { ImagePicker } from '../submit/ImagePicker';
import { useImagePreview } from '../submit/useImagePreview';
import { useQuickStartImage } from './useQuickStartImage';

// The checks use zod, which the home page does not otherwise need: load them on first use so
// the home page's JavaScript stays small.
const loadValidation = () => import('#core/validation');

export function QuickStartForm() {
  const navigate = useNavigate();
  const { image, processing, choose, ready } = useQuickStartImage();
  const errors = useFieldErrors();
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
      const [settledImage, { validateQuickStart, quickStartFieldErrors }] = await Promise.all([ready(), loadValidation()]);
      const input = { hasImage: settledImage !== null, email, name, title };
      const problem = validateQuickStart(input);
      if (problem) {
        toastError(problem.title, problem.description);
        errors.show(quickStartFieldErrors(input));
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
        <span className="text-sm font-medium">Artwork Image</span>
        <ImagePicker
          preview={preview}
          previewAlt="Preview of your artwork"
          onSelect={(file) => {
            errors.clear('image');
            choose(file);
          }}
          busyText={processing ? 'Processing image…' : undefined}
          error={errors.get('image')}
          controlRef={errors.register('image')}
        />
      </div>
      <Field label="Email Address" hint="We'll send a verification link to this address." error={errors.get('email')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            ref={errors.register('email')}
            type="email"
            autoComplete="email"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={email}
            maxLength={LIMITS.email}
            onChange={(e) => {
              errors.clear('email');
              setEmail(e.target.value);
            }}
          />
        )}
      </Field>
      <Field label="Your Name" hint="Shown publicly as the artist name." error={errors.get('name')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            ref={errors.register('name')}
            autoComplete="name"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={name}
            maxLength={LIMITS.artistName}
            onChange={(e) => {
              errors.clear('name');
              setName(e.target.value);
            }}
          />
        )}
      </Field>
      <Field label="Artwork Title" counter={{ length: title.length, max: LIMITS.title }} error={errors.get('title')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            ref={errors.register('title')}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={title}
            maxLength={LIMITS.title}
            onChange={(e) => {
              errors.clear('title');
              setTitle(e.target.value);
            }}
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
