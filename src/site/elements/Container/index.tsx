import type { ElementProps } from '../../render/types';
import { styleProperties } from '../../ui/responsive';

/** A flex box laid out entirely by its style; it wraps rather than overflowing narrow screens. */
export default function Container({ children, style }: ElementProps<'container'>) {
  const box = styleProperties(style);
  return (
    <div
      className={`mx-auto flex min-w-0 flex-wrap ${box.className}`}
      style={{ flexDirection: 'column', ...box.style }}
    >
      {children}
    </div>
  );
}
