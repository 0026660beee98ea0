import type { ElementProps } from '../../render/types';
import { styleProperties } from '../../ui/responsive';

export default function Column({ children, style }: ElementProps<'column'>) {
  const box = styleProperties(style);
  return (
    <div className={`flex min-w-0 flex-col gap-4 ${box.className}`} style={box.style}>
      {children}
    </div>
  );
}
