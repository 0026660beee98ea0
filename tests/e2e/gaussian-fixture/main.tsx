// Test page for tests/e2e/gaussian.test.ts: renders one 3D element from `?element=` with props from
// `?props=` (JSON), or a story's args with its generated splats from `?story=`.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { installStorySplats } from '../../../src/site/elements/gaussian/storySplats';
import GaussianHotspots from '../../../src/site/elements/GaussianHotspots';
import hotspotsStory from '../../../src/site/elements/GaussianHotspots/GaussianHotspots.stories';
import GaussianReplacement from '../../../src/site/elements/GaussianReplacement';
import replacementStory from '../../../src/site/elements/GaussianReplacement/GaussianReplacement.stories';
import GaussianViewer from '../../../src/site/elements/GaussianViewer';
import viewerStory from '../../../src/site/elements/GaussianViewer/GaussianViewer.stories';

type AnyElement = ComponentType<Record<string, unknown>>;
const ELEMENTS = { viewer: GaussianViewer, hotspots: GaussianHotspots, replacement: GaussianReplacement } as unknown as Record<string, AnyElement>;
const STORIES = { viewer: viewerStory, hotspots: hotspotsStory, replacement: replacementStory } as Record<string, { args: object }>;

const params = new URLSearchParams(window.location.search);
const story = params.get('story');
const name = story ?? params.get('element') ?? 'viewer';
const Element = ELEMENTS[name] ?? GaussianViewer;
if (story) installStorySplats();
const props = story ? (STORIES[story]?.args ?? {}) : (JSON.parse(params.get('props') ?? '{}') as object);
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <>
    {params.has('below') && <div className="spacer">Scroll</div>}
    <Element {...props} />
  </>,
);
Object.assign(window, { unmount: () => root.unmount() });
