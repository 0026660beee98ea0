import type { ElementProps } from '../../render/types';
import { TEXT_ALIGN } from '../../ui/responsive';

/** Component classes of ../../styles/site.css, one per level. */
const LEVELS = { 1: 'site-h1', 2: 'site-h2', 3: 'site-h3', 4: 'site-h4', 5: 'site-h5', 6: 'site-h6' } as const;

export default function Header({ text, level, alignment }: ElementProps<'header'>) {
  const safeLevel = LEVELS[level] ? level : 2;
  const Tag = `h${safeLevel}` as const;
  return <Tag className={`${LEVELS[safeLevel]} ${TEXT_ALIGN[alignment]}`}>{text}</Tag>;
}
