import type { ElementStory } from '../../stories/elementStory';

// More stories of the element; its examples' stories come from its schema (src/site/stories/generated/).

/** Without a background photo: a light band in the primary colour. */
export const WithoutBackground: ElementStory = { args: { background: undefined } };
