import { toastError, toastSuccess } from '../../../lib/toast';

/** Copies a block's text and says which block was copied (SPEC: 'Copied!' with a per-block description). */
export async function copyWithToast(text: string, description: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess('Copied!', description);
    return true;
  } catch {
    toastError('Failed to copy', 'Please try again');
    return false;
  }
}
