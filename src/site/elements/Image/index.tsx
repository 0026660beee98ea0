import type { ElementProps } from '../../render/types';
import type { ImagePresetName } from '../../../shared/media/presets';
import { styleProperties } from '../../ui/responsive';
import { SiteImage } from '../../ui/SiteImage';

/** How wide each preset is shown at most, for the browser's srcSet choice. */
const SIZES: Partial<Record<ImagePresetName, string>> = {
  fullWidth: '100vw',
  gallery: '(min-width: 1152px) 1152px, 100vw',
  presentationItem: '(min-width: 768px) 50vw, 100vw',
  menuImage: '(min-width: 640px) 600px, 100vw',
  configurator: '(min-width: 640px) 622px, 100vw',
};

export default function Image({ image, preset, style }: ElementProps<'image'>) {
  const box = styleProperties({ width: style.width, height: style.height });
  return (
    <SiteImage
      image={image}
      preset={preset}
      sizes={SIZES[preset] ?? '(min-width: 768px) 50vw, 100vw'}
      className={`block rounded-2xl object-cover ${style.width ? '' : 'w-full'} ${style.height ? '' : 'h-auto'} ${box.className}`}
      style={box.style}
    />
  );
}
