import type { ElementProps } from '../../render/types';
import { MenuCard } from './MenuCard';

export default function MenuBasic(props: ElementProps<'menu.basic'>) {
  return <MenuCard {...props} />;
}
