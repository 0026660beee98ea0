import type { ElementStory } from '../../stories/elementStory';

// More stories of the element; its examples' stories come from its schema (src/site/stories/generated/).

/** The submission fails: the failure dialog appears and the entries stay. */
export const SubmissionFails: ElementStory = { parameters: { submission: 'failure' } };
