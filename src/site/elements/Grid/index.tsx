import type { CSSProperties } from 'react';
import type { ElementProps } from '../../render/types';
import { responsiveVariables } from '../../ui/responsive';

const columns = (count: number) => `repeat(${Math.min(12, Math.max(1, Math.round(count) || 1))}, minmax(0, 1fr))`;

/** Equal columns (1-12); `mobileColumns` below 768 px. Cells stretch, so cards in a row share a height. */
export default function Grid({ columns: desktop, mobileColumns, gap, children }: ElementProps<'grid'>) {
  const style = {
    '--bk-cols': columns(desktop),
    '--bk-cols-m': columns(mobileColumns),
    ...responsiveVariables('bk-gap', gap),
  } as CSSProperties;
  return (
    <div
      className="grid grid-cols-(--bk-cols-m) gap-(--bk-gap-m) md:grid-cols-(--bk-cols) md:gap-(--bk-gap)"
      style={style}
    >
      {children}
    </div>
  );
}
