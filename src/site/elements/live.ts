import type { ElementTag } from '../../shared/generated/schemas';

/**
 * Elements that act on their own once a page shows (a gallery turns, forms take input, 3D scenes
 * draw): a page with one of them starts the site's code at once. Every other element only answers
 * clicks (the navigation's menu button, links), so on a page without these the code loads when the
 * visitor shows an intent to interact, and a click made before it arrived is replayed.
 */
export const LIVE_ELEMENT_TAGS: ReadonlySet<ElementTag> = new Set<ElementTag>([
  'gallery',
  'contact',
  'special.form',
  'special.configurator',
  'menu.3d',
  '3d.gaussianViewer',
  '3d.gaussianHotspots',
  '3d.gaussianReplacement',
]);
