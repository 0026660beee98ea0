import type { ElementProps } from '../../render/types';
import { styleProperties } from '../../ui/responsive';

/** Children side by side from 768 px, sharing the width; stacked below. */
export default function Row({ children, style }: ElementProps<'row'>) {
  const box = styleProperties(style);
  const { flexDirection, ...rest } = box.style;
  return (
    <div
      className={`flex min-w-0 flex-col gap-6 md:flex-row md:*:min-w-0 md:*:flex-1 ${flexDirection ? 'md:flex-(--bk-dir)' : ''} ${box.className}`}
      style={{ ...rest, ...(flexDirection ? { '--bk-dir': flexDirection } : {}) }}
    >
      {children}
    </div>
  );
}
