// Uploads the chosen original image as soon as it is chosen (docs/product.md §4 fast-submit flow), with
// progress. The server hashes and inspects it and answers with the facts shown to the artist.
import { useCallback, useRef, useState } from 'react';
import type { UploadResponse } from '#core/api-types';
import { MESSAGES } from '#core/messages';
import { ApiError, apiUpload } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';

export const UPLOAD_PATH = '/api/uploads';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'done'; result: UploadResponse }
  | { status: 'error'; message: string };

/** The description of a failed upload: the server's words when it answered, else the spec's. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return MESSAGES.uploadFailed.description;
}

/** `restored`: an upload the wizard's draft remembers (after a reload), shown as done. */
export function useImageUpload(restored: UploadResponse | null = null) {
  const [state, setState] = useState<UploadState>(() => (restored ? { status: 'done', result: restored } : { status: 'idle' }));
  // Only the newest upload may update the state: choosing another image supersedes the first.
  const generation = useRef(0);

  const upload = useCallback(async (file: File) => {
    const mine = ++generation.current;
    setState({ status: 'uploading', progress: 0 });
    try {
      const result = await apiUpload<UploadResponse>(UPLOAD_PATH, file, (fraction) => {
        // 'done' is set below; the final progress event must not flip it back to uploading.
        if (generation.current === mine && fraction < 1) setState({ status: 'uploading', progress: fraction });
      });
      if (generation.current !== mine) return;
      setState({ status: 'done', result });
      toastSuccess(MESSAGES.imageUploaded.title, MESSAGES.imageUploaded.description);
    } catch (error) {
      if (generation.current !== mine) return;
      const message = uploadErrorMessage(error);
      setState({ status: 'error', message });
      toastError(MESSAGES.uploadFailed.title, message);
    }
  }, []);

  const reset = useCallback(() => {
    generation.current++;
    setState({ status: 'idle' });
  }, []);

  /** A restored upload the server no longer has (it expired): the image must be chosen again. */
  const lose = useCallback((message: string) => {
    generation.current++;
    setState({ status: 'error', message });
  }, []);

  return { state, upload, reset, lose };
}
