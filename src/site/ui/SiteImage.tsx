import type { CSSProperties, ReactNode } from 'react';
import type { ImageRefValue } from '../../shared/generated/types';
import { IMAGE_PRESETS, imageSources, type ImagePresetName } from '../../shared/media/presets';
import { useAboveFold } from '../render/aboveFold';

interface Props {
  image: ImageRefValue | undefined;
  preset: ImagePresetName;
  /** The `sizes` attribute: how wide the image is shown (defaults to the full viewport). */
  sizes?: string;
  className?: string;
  style?: CSSProperties;
  /** Load at once with high priority (hero backgrounds); otherwise only near the top of the page. */
  priority?: boolean;
}

/** An image in a preset: srcSet (for a preset of several widths), reserved intrinsic size (no layout shift), lazy below the fold. */
export function SiteImage({ image, preset, sizes = '100vw', className, style, priority }: Props): ReactNode {
  const aboveFold = useAboveFold();
  if (!image?.file) return null;
  const { src, srcSet, width, height } = imageSources(image.file, preset);
  const eager = priority ?? aboveFold;
  // A preset of one width has one file: `src` names it, a srcSet would only repeat it.
  const responsive = IMAGE_PRESETS[preset].srcSetWidths.length > 0;
  return (
    <img
      src={src}
      srcSet={responsive ? srcSet : undefined}
      sizes={responsive ? sizes : undefined}
      width={width}
      height={height}
      alt={image.alt ?? ''}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager && priority ? { fetchPriority: 'high' as const } : {})}
      className={className}
      style={style}
    />
  );
}
