// The spec phrases every notice as a title plus a description (docs/product.md §8). These helpers keep
// that pairing and the colours (red for errors, "destructive") consistent across pages.
// One toast at a time (issue 17): a new notice replaces the one on screen instead of stacking
// two or three deep over the page (the Toaster also shows at most one, see LazyToaster).
import { toast } from 'sonner';

export function toastSuccess(title: string, description?: string): void {
  toast.dismiss();
  toast.success(title, { description });
}

export function toastError(title: string, description?: string): void {
  toast.dismiss();
  toast.error(title, { description });
}

export function toastInfo(title: string, description?: string): void {
  toast.dismiss();
  toast.info(title, { description });
}

/** Takes the notice off the screen, e.g. an earlier failure once the retry succeeded. */
export function dismissToasts(): void {
  toast.dismiss();
}
