import type { Meta, StoryObj } from '@storybook/react-vite';

/** Meta of an element's story file (src/site/stories/generated/, written by `npm run generate`). */
export type ElementMeta = Meta<Record<string, unknown>>;

/** One story of an element; `<Name>.extraStories.tsx` next to a component exports more of them. */
export type ElementStory = StoryObj<ElementMeta>;

/**
 * An extra story shows the element's first example with its own changes: the args it names replace the
 * example's (`{ logo: undefined }` takes the logo away), as a story's args replace its meta's.
 */
export function fromExample(example: Record<string, unknown>, story: ElementStory): ElementStory {
  return { ...story, args: { ...example, ...story.args } };
}
