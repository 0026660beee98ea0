import type { ElementStory } from '../../stories/elementStory';

// More stories of the element; its examples' stories come from its schema (src/site/stories/generated/).

/** Without a logo the site title is shown. */
export const WithoutLogo: ElementStory = { args: { logo: undefined } };
