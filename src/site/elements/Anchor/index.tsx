import type { ElementProps } from '../../render/types';

/** An invisible jump mark; the scroll margin keeps the target clear of the sticky navigation. */
export default function Anchor({ id }: ElementProps<'anchor'>) {
  return <div id={id} aria-hidden />;
}
