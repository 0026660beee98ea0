import type { ElementProps } from '../../render/types';
import { TEXT_ALIGN } from '../../ui/responsive';

const LEVELS = {
  1: 'max-w-4xl text-4xl font-bold leading-[1.08] tracking-tight sm:text-5xl md:text-6xl',
  2: 'max-w-3xl text-3xl font-bold leading-tight tracking-tight md:text-[2.75rem]',
  3: 'text-xl font-semibold leading-snug md:text-2xl',
  4: 'text-lg font-semibold leading-snug md:text-xl',
  5: 'text-base font-semibold',
  6: 'text-sm font-semibold uppercase tracking-widest text-brand',
} as const;

export default function Header({ text, level, alignment }: ElementProps<'header'>) {
  const safeLevel = LEVELS[level] ? level : 2;
  const Tag = `h${safeLevel}` as const;
  return (
    <Tag
      className={`text-balance ${safeLevel === 6 ? '' : 'text-heading'} ${LEVELS[safeLevel]} ${TEXT_ALIGN[alignment]}`}
    >
      {text}
    </Tag>
  );
}
