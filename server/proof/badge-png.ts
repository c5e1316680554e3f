// PNG badges rendered from the badge SVG with sharp (librsvg), at exactly the sizes of docs/product.md §9.
import sharp from 'sharp';
import { BADGE_SIZES, type BadgeSize } from '../../core/constants';
import { badgeSvg, type BadgeInput } from './badge-svg';

export function isBadgeSize(value: unknown): value is BadgeSize {
  return typeof value === 'string' && Object.hasOwn(BADGE_SIZES, value);
}

export async function badgePng(input: BadgeInput, size: BadgeSize): Promise<Buffer> {
  const { width, height } = BADGE_SIZES[size];
  // The SVG is drawn at the target size (viewBox scales it); the resize only guards the exact
  // pixel size against rounding in the rasteriser.
  return sharp(Buffer.from(badgeSvg(input, { width, height })))
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
