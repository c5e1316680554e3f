// Where a visitor picks or drops the image to check. The whole zone is one button, so it works
// with the keyboard (Tab, then Enter or Space) as well as by click and drag-and-drop.
import { FileSearch } from 'lucide-react';
import { useId } from 'react';
import { SUPPORTED_FORMATS_TEXT } from '#core/constants';
import { cn } from '../../lib/cn';
import { useImageFileDrop } from '../../lib/useImageFileDrop';

export interface LookupDropZoneProps {
  onSelect: (file: File) => void;
  busy: boolean;
  /** Shown inside the zone while busy, e.g. 'Checking… 40 %'. */
  busyText?: string;
}

export function LookupDropZone({ onSelect, busy, busyText }: LookupDropZoneProps) {
  const hintId = useId();
  const { dragging, browse, zoneProps, inputProps } = useImageFileDrop(onSelect, busy);

  return (
    <div {...zoneProps}>
      <input {...inputProps} data-testid="lookup-file-input" />
      <button
        type="button"
        onClick={browse}
        disabled={busy}
        aria-describedby={hintId}
        className={cn(
          'flex w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-input bg-muted px-4 py-12 text-center transition-colors',
          'hover:border-primary hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          'disabled:cursor-wait disabled:opacity-70',
          dragging && 'border-primary bg-secondary',
        )}
      >
        <FileSearch aria-hidden="true" className="h-10 w-10 text-primary" />
        <span className="font-medium">{busy ? (busyText ?? 'Checking…') : 'Choose an image, or drop it here'}</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {SUPPORTED_FORMATS_TEXT}
        </span>
      </button>
    </div>
  );
}
