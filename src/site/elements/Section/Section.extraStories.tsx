import type { ElementStory } from '../../stories/elementStory';

// More stories of the element; its examples' stories come from its schema (src/site/stories/generated/).

/** The band spans the whole width. */
export const FullWidth: ElementStory = { args: { fullWidth: true, variation: 'default' } };
