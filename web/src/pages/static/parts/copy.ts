import { toastError, toastSuccess } from '../../../lib/toast';

/** Copies a block's text and says which block was copied (docs/product.md §8: 'Copied!' with what was copied). */
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
