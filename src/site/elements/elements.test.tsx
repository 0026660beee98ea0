import { isDeepStrictEqual } from 'node:util';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRegistry } from '../../shared/registry';
import { ELEMENT_TAGS, schemaSet } from '../../shared/generated/schemas';
import { SiteContext } from '../context';
import { ELEMENT_META } from '../render/elementMeta';
import { RenderElement, RenderElements } from '../render/RenderElements';
import { ElementPreview } from '../stories/ElementPreview';
import { storySite } from '../stories/siteFixture';
import { preloadElements, siteElements } from './registry';

// Stories are the fixtures: every example of an element's schema is the args of one of its stories. The story files
// are generated from the schemas (src/site/stories/generated/, `npm run generate`); the 3D elements keep
// hand-written ones next to their components.
interface StoryModule {
  default: { title: string; args?: Record<string, unknown>; render?: (args: Record<string, unknown>) => ReactNode };
  [story: string]: unknown;
}
const storyModules = {
  ...import.meta.glob<StoryModule>('../stories/generated/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('./*/*.stories.tsx', { eager: true }),
};

const registry = createRegistry(schemaSet);

function render(node: React.ReactNode): string {
  const { site } = storySite({ delayMs: 0 });
  return renderToString(<SiteContext.Provider value={site}>{node}</SiteContext.Provider>);
}

/** The story (file, export) whose args, its meta's and its own as Storybook merges them, are `example`. */
function storyFor(example: unknown) {
  for (const [file, module] of Object.entries(storyModules)) {
    for (const [name, story] of Object.entries(module)) {
      if (name === 'default') continue;
      const args = { ...module.default.args, ...(story as { args?: Record<string, unknown> }).args };
      if (isDeepStrictEqual(args, example)) return { file, name, module, args };
    }
  }
  return undefined;
}

// The server preloads the split (interactive) elements before it renders; so do these tests.
beforeAll(() => preloadElements());
afterEach(() => vi.restoreAllMocks());

describe.each(ELEMENT_TAGS.map((tag) => [tag]))('element %s', (tag) => {
  const info = registry.element(tag);

  it('has a schema with at least one example, a component and a story of each example', () => {
    expect(schemaSet.elements[tag]).toBeDefined();
    expect(info?.examples.length).toBeGreaterThan(0);
    expect(siteElements[tag]).toBeTypeOf('function');
    for (const [index, example] of (info?.examples ?? []).entries()) {
      const story = storyFor(example);
      expect(story, `no story has example ${index + 1} of ${tag} as its args`).toBeDefined();
      expect(story?.module.default.title).toMatch(/^Site\//);
      // A story rendered through ElementPreview shows this element, not another one with equal props.
      const renderStory = story?.module.default.render;
      if (renderStory)
        expect(render(renderStory(story.args))).toBe(render(<ElementPreview tag={tag} props={example} />));
    }
  });

  it('has the defaults and slots the schemas give', () => {
    expect(ELEMENT_META[tag].defaults).toEqual(info?.defaults);
    expect([...ELEMENT_META[tag].slots]).toEqual(info?.slots);
  });

  it('renders every example and its defaults on the server without errors', () => {
    const errors = vi.spyOn(console, 'error');
    for (const example of info?.examples ?? []) {
      render(<RenderElements elements={[{ tag, props: example }]} root />);
    }
    render(<RenderElement tag={tag} props={{}} />);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('RenderElements', () => {
  it('renders nothing for an unknown tag and logs "Missing element"', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = render(
      <RenderElements
        elements={[
          { tag: 'marquee', props: {} },
          { tag: 'header', props: { text: 'Danach' } },
        ]}
      />,
    );
    expect(errors).toHaveBeenCalledWith('Missing element', 'marquee');
    expect(html).toContain('Danach');
    expect(html).not.toContain('marquee');
  });

  it('fills schema defaults and renders slots recursively', () => {
    const html = render(
      <RenderElements
        elements={[
          {
            tag: 'section',
            props: { children: [{ tag: 'grid', props: { children: [{ tag: 'header', props: { text: 'Tief' } }] } }] },
          },
        ]}
      />,
    );
    expect(html).toMatch(/<section[^>]*>.*<div[^>]*grid.*<h2[^>]*>Tief<\/h2>/s);
    expect(html).toContain('repeat(3, minmax(0, 1fr))');
  });

  it('loads images of the first top-level elements eagerly and the rest lazily', () => {
    const image = { tag: 'image', props: { image: { file: '66b2a0c1e4b0a1b2c3d4e601', alt: 'x' } } };
    const html = render(<RenderElements elements={[{ tag: 'navigation', props: {} }, image, image]} root />);
    const loading = [...html.matchAll(/loading="(\w+)"/g)].map((match) => match[1]);
    expect(loading).toEqual(['eager', 'lazy']);
    expect(html).toContain('width="1920"');
    expect(html).toContain('height="1080"');
  });

  it('gives the hero background high fetch priority', () => {
    const html = render(
      <RenderElements elements={[{ tag: 'hero', props: registry.element('hero')?.examples[0] }]} root />,
    );
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
  });
});

describe('links', () => {
  it('opens http addresses in a new tab with rel noopener and resolves PAGE links to paths', () => {
    const html = render(<RenderElement tag="footer" props={registry.element('footer')?.examples[0]} />);
    expect(html).toMatch(/href="https:\/\/www.openstreetmap.org[^"]*"[^>]*target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('href="/Leistungen"');
    expect(html).not.toMatch(/href="\/Kontakt"[^>]*target/);
  });

  it('never renders javascript: addresses', () => {
    const html = render(
      <RenderElements
        elements={[
          { tag: 'paragraph', props: { text: '[x](javascript:alert(1))' } },
          { tag: 'button', props: { text: 'Los', url: { type: 'URL', href: 'javascript:alert(1)' } } },
        ]}
      />,
    );
    expect(html).not.toContain('javascript:');
  });
});
