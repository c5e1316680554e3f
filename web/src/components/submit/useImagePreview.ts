// A local preview of a chosen image: an object URL plus its pixel size, so the <img> can
// reserve its space. The URL is revoked when the file changes or the component goes away.
import { useEffect, useState } from 'react';

export interface ImagePreview {
  url: string;
  width: number;
  height: number;
}

async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export function useImagePreview(file: Blob | null): ImagePreview | null {
  const [preview, setPreview] = useState<ImagePreview | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    let active = true;
    const url = URL.createObjectURL(file);
    void imageSize(file).then((size) => {
      if (active) setPreview(size ? { url, ...size } : null);
    });
    return () => {
      active = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return preview;
}
