// The behaviour of an image drop zone (the lookup's and the submit form's): a hidden file input
// opened by a button, and drag-and-drop onto the zone. Either way the first file goes to
// `onFile`, never while `disabled`. Each zone draws its own button.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { IMAGE_ACCEPT_ATTRIBUTE } from '#core/constants';

export function useImageFileDrop(onFile: (file: File) => void, disabled = false) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };

  /** Spread onto the element that receives drops. */
  const zoneProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      take(event.dataTransfer.files);
    },
  };

  /** Spread onto the hidden <input>. */
  const inputProps = {
    ref: inputRef,
    type: 'file',
    accept: IMAGE_ACCEPT_ATTRIBUTE,
    hidden: true,
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      take(event.currentTarget.files);
      // Cleared so that choosing the same file again still fires a change.
      event.currentTarget.value = '';
    },
  };

  return { dragging, browse: () => inputRef.current?.click(), zoneProps, inputProps };
}
