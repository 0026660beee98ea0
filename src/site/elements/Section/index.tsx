import type { ElementProps } from '../../render/types';

const PADDING = {
  default: 'py-12 md:py-20',
  starting: 'pt-16 pb-12 md:pt-28 md:pb-20',
  ending: 'pt-12 pb-20 md:pt-20 md:pb-32',
} as const;

export default function Section({ children, fullWidth, variation }: ElementProps<'section'>) {
  return (
    <section className={PADDING[variation] ?? PADDING.default}>
      <div className={fullWidth ? 'flex flex-col gap-6' : 'site-container'}>{children}</div>
    </section>
  );
}
