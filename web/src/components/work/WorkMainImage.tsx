// A work's image as the main picture of a view (Quick View, proof page): loaded at once, in a
// frame that is left out when the work has no image.
import type { PublicWork } from '#core/api-types';
import { WorkImage } from './WorkImage';

export function WorkMainImage({
  work,
  frameClassName,
  className,
}: {
  work: Pick<PublicWork, 'image_url' | 'title' | 'image_width' | 'image_height'>;
  frameClassName: string;
  /** Classes of the image itself. */
  className: string;
}) {
  if (!work.image_url) return null;
  return (
    <div className={frameClassName}>
      <WorkImage
        src={work.image_url}
        alt={work.title}
        width={work.image_width}
        height={work.image_height}
        eager
        className={className}
      />
    </div>
  );
}
