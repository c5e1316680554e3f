// A work's public image with its size reserved (no layout shift); hidden if it fails to load (docs/product.md §8).
import { useState } from 'react';
import { cn } from '../../lib/cn';

export function WorkImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: {
  src: string | null;
  alt: string;
  width: number | null;
  height: number | null;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    <img
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('h-auto w-full object-cover', className)}
    />
  );
}
