// Checks an image against the ledger: the browser's own size and type checks first (the same as
// for uploads), then POST /api/lookup with upload progress.
import { useState } from 'react';
import type { LookupResponse } from '#core/api-types';
import type { MessagePair } from '#core/messages';
import { checkImageFile } from '../submit/imageFileCheck';
import { apiUpload, ApiError } from '../../lib/api';
import { toastError } from '../../lib/toast';

export const LOOKUP_FAILED: MessagePair = { title: 'Check failed', description: 'Could not check the image. Please try again.' };

export type LookupState =
  | { status: 'idle' }
  | { status: 'checking'; file: File; progress: number }
  | { status: 'done'; file: File; result: LookupResponse }
  | { status: 'error'; file: File | null; message: MessagePair };

export function useLookup() {
  const [state, setState] = useState<LookupState>({ status: 'idle' });

  async function lookup(file: File) {
    const check = await checkImageFile(file);
    if (!check.ok) {
      toastError(check.message.title, check.message.description);
      setState({ status: 'error', file: null, message: check.message });
      return;
    }
    setState({ status: 'checking', file, progress: 0 });
    try {
      const result = await apiUpload<LookupResponse>('/api/lookup', file, (progress) =>
        setState((s) => (s.status === 'checking' && s.file === file ? { ...s, progress } : s)),
      );
      setState({ status: 'done', file, result });
    } catch (error) {
      const message =
        error instanceof ApiError ? { title: error.title ?? LOOKUP_FAILED.title, description: error.message } : LOOKUP_FAILED;
      toastError(message.title, message.description);
      setState({ status: 'error', file, message });
    }
  }

  return { state, lookup };
}
