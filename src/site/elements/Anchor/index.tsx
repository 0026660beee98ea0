import type { ElementProps } from '../../render/types';

/**
 * An invisible jump mark; the scroll margin keeps the target clear of the sticky navigation. Not hidden
 * from assistive technology: a link to it puts the focus on it (../../client/moveFocus.ts), and a
 * screen reader reads on from there. Empty, it says nothing itself.
 */
export default function Anchor({ id }: ElementProps<'anchor'>) {
  return <div id={id} />;
}
