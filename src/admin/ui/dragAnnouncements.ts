import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while something is dragged (dnd-kit's defaults read out the ids):
 * `nameOf` names a draggable or a drop place in words, e.g. 'Team', 'Section', 'the top level'.
 */
export function dragAnnouncements(nameOf: (id: UniqueIdentifier) => string): Announcements {
  const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    // Over itself (as every drag starts): nothing new to say, 'Picked up …' stays.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : sentence(
            over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is over no drop place.`,
          ),
    onDragEnd: ({ active, over }) =>
      sentence(
        over && over.id !== active.id
          ? `${nameOf(active.id)} was dropped on ${nameOf(over.id)}.`
          : `${nameOf(active.id)} was dropped where it was.`,
      ),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}
