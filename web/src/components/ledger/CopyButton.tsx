// A button that copies a text and confirms with a toast. Generic: the caller gives the toast
// texts (e.g. 'ID copied' / 'Submission ID copied to clipboard'); a failure always reads
// 'Failed to copy' / 'Please try again' (docs/product.md §8).
import type { ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import type { ButtonSize, ButtonVariant } from '../ui/buttonStyles';
import { copyToClipboard } from '../../lib/share';
import { toastError, toastSuccess } from '../../lib/toast';

export const COPY_FAILED = { title: 'Failed to copy', description: 'Please try again' } as const;
/** How long the tick replaces the copy icon after a successful copy. */
const COPIED_FEEDBACK_MS = 2000;

export interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. 'Copy submission ID'. */
  label: string;
  successTitle: string;
  successDescription?: string;
  /** Visible content; an icon-only button when omitted. */
  children?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function CopyButton({
  text,
  label,
  successTitle,
  successDescription,
  children,
  variant = 'outline',
  size,
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyToClipboard(text)) {
      toastSuccess(successTitle, successDescription);
      setCopied(true);
      window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } else {
      toastError(COPY_FAILED.title, COPY_FAILED.description);
    }
  }

  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant={variant}
      size={size ?? (children ? 'sm' : 'icon')}
      className={className}
      onClick={copy}
      aria-label={children ? undefined : label}
      title={label}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </Button>
  );
}
