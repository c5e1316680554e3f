// The image area of the quick-start form and of wizard step 1: click (or Enter/Space, or drop a
// file) to browse; once an image is chosen it shows a preview and a 'Change Image' button.
// Checking the file is the parent's job (see imageFileCheck.ts).
import { useId, type Ref } from 'react';
import { ImageUp, RefreshCw } from 'lucide-react';
import { SUPPORTED_FORMATS_TEXT } from '#core/constants';
import { cn } from '../../lib/cn';
import { useImageFileDrop } from '../../lib/useImageFileDrop';
import { Button } from '../ui/Button';
import { describedByWithError, FieldError, fieldErrorId } from '../ui/FieldError';
import type { ImagePreview } from './useImagePreview';

export interface ImagePickerProps {
  preview: ImagePreview | null;
  /** Alt text for the preview. */
  previewAlt: string;
  onSelect: (file: File) => void;
  disabled?: boolean;
  /** Shown while the chosen file is being checked or processed. */
  busyText?: string;
  /** The message of a failed check ('Please upload an image first.'), shown under the picker. */
  error?: string;
  /** The visible button (browse, or 'Change Image'): where focus goes when the image is missing. */
  controlRef?: Ref<HTMLButtonElement>;
}

export function ImagePicker({ preview, previewAlt, onSelect, disabled, busyText, error, controlRef }: ImagePickerProps) {
  const hintId = useId();
  const controlId = useId();
  const errorProps = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedByWithError(controlId, Boolean(error)) };
  const { dragging, browse, zoneProps, inputProps } = useImageFileDrop(onSelect, disabled);

  return (
    <div {...zoneProps}>
      <input {...inputProps} data-testid="image-file-input" />
      {preview ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-border bg-muted p-4">
          <img
            src={preview.url}
            alt={previewAlt}
            width={preview.width}
            height={preview.height}
            className="h-auto max-h-64 w-auto max-w-full rounded-md object-contain"
          />
          <Button variant="outline" size="sm" onClick={browse} disabled={disabled} ref={controlRef} {...errorProps}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Change Image
          </Button>
          {busyText && <p className="text-sm text-muted-foreground">{busyText}</p>}
        </div>
      ) : (
        <button
          type="button"
          ref={controlRef}
          onClick={browse}
          disabled={disabled}
          aria-invalid={errorProps['aria-invalid']}
          aria-describedby={describedByWithError(controlId, Boolean(error), hintId)}
          className={cn(
            'flex w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-input bg-muted px-4 py-10 text-center transition-colors',
            'hover:border-primary hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
            'disabled:cursor-not-allowed disabled:opacity-60',
            'aria-[invalid=true]:border-destructive',
            dragging && 'border-primary bg-secondary',
          )}
        >
          <ImageUp aria-hidden="true" className="h-10 w-10 text-primary" />
          <span className="font-medium">{busyText ?? 'Click to upload your artwork'}</span>
          <span id={hintId} className="text-sm text-muted-foreground">
            {SUPPORTED_FORMATS_TEXT}
          </span>
        </button>
      )}
      <FieldError id={fieldErrorId(controlId)} message={error} className="mt-2" />
    </div>
  );
}
