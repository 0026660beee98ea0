import type { ElementProps } from '../../render/types';
import { cssSizeToString } from '../../../shared/format/cssSize';
import { siteIcon } from '../../ui/icons';
import { CSS_ICON } from '../../ui/iconAttributes';

/** A decorative icon; without a colour it takes the site's primary colour. */
export default function Icon({ icon, size, color }: ElementProps<'icon'>) {
  const Glyph = siteIcon(icon);
  const dimension = cssSizeToString(size as Parameters<typeof cssSizeToString>[0]);
  return (
    <Glyph
      {...CSS_ICON}
      aria-hidden
      className={`shrink-0 ${color ? '' : 'text-brand'}`}
      style={{ width: dimension, height: dimension, ...(color ? { color } : {}) }}
      strokeWidth={1.75}
    />
  );
}
