/** The scroll-animation preview `/_/story` (spec sections 2 "Standalone" and 9). */

/** Spec section 9: the preview is driven at 60 frames per second over 1.5 s. */
export const STORY_FPS = 60;
export const STORY_DURATION_MS = 1500;
/** Frames 0..STORY_FRAMES, so the last one has progress 1. */
export const STORY_FRAMES = Math.round((STORY_FPS * STORY_DURATION_MS) / 1000);

/** `GET /api/story`: the development address the preview opens unless the user changed it (`STORY_URL`). */
export interface StoryConfig {
  url: string;
}

/**
 * What the preview posts to the page in its iframe once per frame (`window.postMessage`): the page under
 * development sets its scroll animation to `progress` (0 at the top, 1 at the end).
 */
export interface StoryFrameMessage {
  type: 'baukasten:story-frame';
  frame: number;
  frames: number;
  progress: number;
}

export const STORY_FRAME_TYPE = 'baukasten:story-frame';
