// Step 1: choose the image; it uploads at once and the server's facts appear.
import { ImagePicker } from '../ImagePicker';
import { UploadStatus } from '../UploadStatus';
import type { UploadState } from '../useImageUpload';
import type { ImagePreview } from '../useImagePreview';

export interface StepUploadProps {
  preview: ImagePreview | null;
  upload: UploadState;
  onSelect: (file: File) => void;
  onRetry: () => void;
  checking: boolean;
}

export function StepUpload({ preview, upload, onSelect, onRetry, checking }: StepUploadProps) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        The original file is uploaded as soon as you choose it. Its SHA-256 fingerprint is computed by the server and
        recorded with your work.
      </p>
      <ImagePicker
        preview={preview}
        previewAlt="Preview of your artwork"
        onSelect={onSelect}
        disabled={checking}
        busyText={checking ? 'Checking image…' : undefined}
      />
      <UploadStatus state={upload} onRetry={onRetry} />
    </div>
  );
}
