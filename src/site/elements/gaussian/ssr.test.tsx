import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import hotspotsSchema from '../../../../schemas/elements/3d-gaussian-hotspots.schema.json';
import replacementSchema from '../../../../schemas/elements/3d-gaussian-replacement.schema.json';
import viewerSchema from '../../../../schemas/elements/3d-gaussian-viewer.schema.json';
import type { ElementProps } from '../../render/types';
import GaussianHotspots from '../GaussianHotspots';
import GaussianReplacement from '../GaussianReplacement';
import GaussianViewer from '../GaussianViewer';

// On the server the elements render only their sized placeholder: no window, no canvas, no three.js.
describe('3D elements on the server', () => {
  it('renders the viewer placeholder with its title and loading state', () => {
    const html = renderToString(
      <GaussianViewer {...(viewerSchema.examples[0] as ElementProps<'3d.gaussianViewer'>)} />,
    );
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('3D-Ansicht');
    expect(html).toContain('aspect-ratio:16/9');
    expect(html).not.toContain('<canvas');
  });

  it('renders hotspot and spot buttons before the scene loads', () => {
    const hotspots = renderToString(
      <GaussianHotspots {...(hotspotsSchema.examples[0] as ElementProps<'3d.gaussianHotspots'>)} />,
    );
    expect(hotspots).toContain('Empfang');
    expect(hotspots).toContain('Besprechungsraum «Rhein»');
    const replacement = renderToString(
      <GaussianReplacement {...(replacementSchema.examples[0] as ElementProps<'3d.gaussianReplacement'>)} />,
    );
    expect(replacement).toContain('Besprechungstisch');
  });

  it('says so when no file is chosen', () => {
    const html = renderToString(<GaussianViewer camera={{ position: [0, 0, 3], rotation: [0, 0, 0] }} />);
    expect(html).toContain('data-state="empty"');
    expect(html).toContain('noch keine Datei');
  });

  it('imports three.js and Spark only from scene.ts, and scene.ts only dynamically', () => {
    const dir = fileURLToPath(new URL('..', import.meta.url));
    const sources = ['gaussian', 'GaussianViewer', 'GaussianHotspots', 'GaussianReplacement'].flatMap((folder) =>
      readdirSync(path.join(dir, folder))
        .filter((name) => /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name))
        .map((name) => path.join(folder, name)),
    );
    for (const source of sources) {
      const text = readFileSync(path.join(dir, source), 'utf8');
      const valueImports = [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gm)].map((match) => match[1]);
      if (source !== path.join('gaussian', 'scene.ts')) {
        expect(
          valueImports.filter((name) => /^(three|@sparkjsdev\/spark)/.test(name)),
          source,
        ).toEqual([]);
      }
      expect(
        valueImports.filter((name) => name.endsWith('/scene') || name === './scene'),
        source,
      ).toEqual([]);
    }
  });
});
