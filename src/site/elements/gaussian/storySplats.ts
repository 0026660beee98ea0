import { encodePly, encodeSplat, sphereGaussians } from './splatFile';

/**
 * Stories render the schema examples, whose files are ids in a file store Storybook does not have.
 * This answers `GET /api/files/download?id=` for those ids with generated splats (the same in-memory
 * stand-in the browser test serves), so every story shows a drawn scene.
 */
const SPLATS: Record<string, () => Uint8Array> = {
  '66b2a0c1e4b0a1b2c3d4e6b1': () => encodeSplat(sphereGaussians({ count: 600, radius: 1, hue: 190, hueRange: 170 })),
  '66b2a0c1e4b0a1b2c3d4e6b2': () =>
    encodePly(sphereGaussians({ count: 400, radius: 9, size: 0.3, hue: 215, hueRange: 30 })),
  '66b2a0c1e4b0a1b2c3d4e6b3': () =>
    encodeSplat(sphereGaussians({ count: 700, radius: 2.2, center: [0, 1, -1.5], hue: 20, hueRange: 200 })),
  '66b2a0c1e4b0a1b2c3d4e6b4': () =>
    encodeSplat(sphereGaussians({ count: 600, radius: 1.2, center: [-1.6, 0.8, -4], hue: 250, hueRange: 80 })),
  '66b2a0c1e4b0a1b2c3d4e6b5': () => encodeSplat(sphereGaussians({ count: 250, radius: 0.4, hue: 35, hueRange: 12 })),
  '66b2a0c1e4b0a1b2c3d4e6b6': () => encodeSplat(sphereGaussians({ count: 250, radius: 0.4, hue: 140, hueRange: 12 })),
  '66b2a0c1e4b0a1b2c3d4e6b7': () =>
    encodePly(sphereGaussians({ count: 400, radius: 9, size: 0.3, hue: 260, hueRange: 30 })),
};

let installed = false;

export function installStorySplats(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const make = url.pathname === '/api/files/download' ? SPLATS[url.searchParams.get('id') ?? ''] : undefined;
    if (!make) return original(input, init);
    const bytes = make();
    return Promise.resolve(
      new Response(bytes.buffer as ArrayBuffer, { headers: { 'content-type': 'application/octet-stream' } }),
    );
  };
}
