// The quick-start form's image: checked in the browser (size, type by bytes), announced with
// 'Image loaded', then processed in the background into the 360 px JPEG preview (docs/product.md §4).
// If processing fails the image is dropped, so 'Continue' stops at 'Image required' (docs/product.md §4).
import { useCallback, useRef, useState } from 'react';
import { imageLoadedMessage, MESSAGES } from '#core/messages';
import { resizeImage, type ResizedImage } from '../../lib/imageResize';
import { toastError, toastSuccess } from '../../lib/toast';
import { checkImageFile } from '../submit/imageFileCheck';

export interface QuickStartImage {
  /** The original file: the one the wizard uploads (decision 0009). */
  original: File;
  /** The processed preview. */
  processed: ResizedImage;
}

export function useQuickStartImage() {
  const [image, setImageState] = useState<QuickStartImage | null>(null);
  const [processing, setProcessing] = useState(false);
  // Mirrors `image` for code that reads it after an await.
  const current = useRef<QuickStartImage | null>(null);
  // Only the newest choice may change the state.
  const latest = useRef(0);
  const settled = useRef<Promise<void>>(Promise.resolve());

  const setImage = (value: QuickStartImage | null) => {
    current.current = value;
    setImageState(value);
  };

  const choose = useCallback((file: File) => {
    const mine = ++latest.current;
    const isLatest = () => mine === latest.current;
    const run = async () => {
      setProcessing(true);
      try {
        const check = await checkImageFile(file);
        if (!isLatest()) return;
        if (!check.ok) {
          // A refused file leaves any earlier image in place.
          toastError(check.message.title, check.message.description);
          return;
        }
        const loaded = imageLoadedMessage(file.name, file.size);
        toastSuccess(loaded.title, loaded.description);
        try {
          const processed = await resizeImage(file);
          if (isLatest()) setImage({ original: file, processed });
        } catch {
          if (!isLatest()) return;
          setImage(null);
          toastError(MESSAGES.processingFailed.title, MESSAGES.processingFailed.description);
        }
      } finally {
        if (isLatest()) setProcessing(false);
      }
    };
    settled.current = run();
  }, []);

  /** The image once any running check and processing have finished. */
  const ready = useCallback(async (): Promise<QuickStartImage | null> => {
    await settled.current;
    return current.current;
  }, []);

  return { image, processing, choose, ready };
}
