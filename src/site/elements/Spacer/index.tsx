import type { CSSProperties } from 'react';
import type { ElementProps } from '../../render/types';
import { responsiveVariables } from '../../ui/responsive';

export default function Spacer({ size }: ElementProps<'spacer'>) {
  return (
    <div
      aria-hidden
      className="h-(--bk-space-m) md:h-(--bk-space)"
      style={responsiveVariables('bk-space', size) as CSSProperties}
    />
  );
}
