// The spec phrases every notice as a title plus a description (SPEC §8). These helpers keep
// that pairing and the colours (red for errors, "destructive") consistent across pages.
import { toast } from 'sonner';

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, { description });
}

export function toastError(title: string, description?: string): void {
  toast.error(title, { description });
}

export function toastInfo(title: string, description?: string): void {
  toast.info(title, { description });
}
