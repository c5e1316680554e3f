// Small image of a work for admin tables, from the admin-only image route (works for private
// and removed works too). Fixed size so rows do not jump while images load.
import { useState } from 'react';
import { ImageOff } from 'lucide-react';

export function AdminThumb({ src, title, size = 48 }: { src: string | null; title: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        className="inline-flex items-center justify-center rounded bg-muted text-muted-foreground"
        style={{ width: size, height: size }}
        title="No image"
      >
        <ImageOff aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">No image</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`Image of ${title}`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="rounded object-cover"
      style={{ width: size, height: size }}
    />
  );
}
