// Shares a link through the device share sheet, or copies it where there is none (docs/product.md §2, §8).
import { Share2 } from 'lucide-react';
import { Button } from '../ui/Button';
import type { ButtonSize, ButtonVariant } from '../ui/buttonStyles';
import { shareOrCopy } from '../../lib/share';
import { toastError, toastSuccess } from '../../lib/toast';
import { COPY_FAILED } from './CopyButton';

export const LINK_COPIED = { title: 'Link copied', description: 'Share link copied to clipboard' } as const;

export interface ShareButtonProps {
  /** Absolute URL to share. */
  url: string;
  /** Title offered to the share sheet, e.g. the work's title. */
  title: string;
  /** Accessible name; defaults to `Share ${title}`. */
  label?: string;
  /** Visible text; an icon-only button when omitted. */
  text?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function ShareButton({ url, title, label, text, variant = 'outline', size, className }: ShareButtonProps) {
  const name = label ?? `Share ${title}`;

  async function share() {
    const outcome = await shareOrCopy({ url, title });
    if (outcome === 'copied') toastSuccess(LINK_COPIED.title, LINK_COPIED.description);
    else if (outcome === 'failed') toastError(COPY_FAILED.title, COPY_FAILED.description);
  }

  return (
    <Button
      variant={variant}
      size={size ?? (text ? 'sm' : 'icon')}
      className={className}
      onClick={share}
      aria-label={text ? undefined : name}
      title={name}
    >
      <Share2 aria-hidden="true" className="h-4 w-4" />
      {text}
    </Button>
  );
}
