// Step 1: choose the image; it uploads at once and the server's facts appear.
import type { Ref } from 'react';
import { ImagePicker } from '../ImagePicker';
import { UploadStatus } from '../UploadStatus';
import type { UploadState } from '../useImageUpload';
import type { ImagePreview } from '../useImagePreview';

export interface StepUploadProps {
  preview: ImagePreview | null;
  upload: UploadState;
  onSelect: (file: File) => void;
  /** Absent when there is no file to send again (an upload restored from the draft). */
  onRetry?: () => void;
  checking: boolean;
  /** 'Please upload an image first.' after Next without an image. */
  error?: string;
  pickerRef?: Ref<HTMLButtonElement>;
}

export function StepUpload({ preview, upload, onSelect, onRetry, checking, error, pickerRef }: StepUploadProps) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        The original file is uploaded as soon as you choose it. Its SHA-256 fingerprint is computed by the server and recorded with
        your work.
      </p>
      <ImagePicker
        preview={preview}
        previewAlt="Preview of your artwork"
        onSelect={onSelect}
        disabled={checking}
        busyText={checking ? 'Checking image…' : undefined}
        error={error}
        controlRef={pickerRef}
      />
      <UploadStatus state={upload} onRetry={onRetry} />
    </div>
  );
}
