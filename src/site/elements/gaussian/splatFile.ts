/**
 * Tiny gaussian-splat files for tests, stories and demos: a few hundred coloured gaussians on a
 * sphere, written as antimatter15 `.splat` (32 bytes per gaussian) or as a 3DGS binary `.ply`.
 * Pure: no DOM, no Node, no three.js, so it runs in Vitest, in the browser and in the seed.
 */

export interface Gaussian {
  position: [number, number, number];
  /** Standard deviations along the local axes, in scene units (linear, not log). */
  scale: [number, number, number];
  /** Unit quaternion as [w, x, y, z]. */
  rotation: [number, number, number, number];
  /** sRGB colour and opacity, each 0-255. */
  color: [number, number, number, number];
}

export interface SphereOptions {
  /** Number of gaussians; a few hundred draw a clear ball in a few milliseconds. */
  count?: number;
  radius?: number;
  center?: [number, number, number];
  /** Gaussian size (standard deviation) in scene units. */
  size?: number;
  /** Hue in degrees of the first gaussian; the sphere sweeps `hueRange` degrees from pole to pole. */
  hue?: number;
  hueRange?: number;
}

export const SPLAT_BYTES_PER_GAUSSIAN = 32;

/** Gaussians spread evenly over a sphere (Fibonacci lattice), coloured by latitude. Deterministic. */
export function sphereGaussians(options: SphereOptions = {}): Gaussian[] {
  const { count = 400, radius = 1, center = [0, 0, 0], size = 0.07, hue = 200, hueRange = 160 } = options;
  const golden = Math.PI * (3 - Math.sqrt(5));
  const gaussians: Gaussian[] = [];
  for (let i = 0; i < count; i += 1) {
    const y = count === 1 ? 0 : 1 - (2 * i) / (count - 1);
    const ring = Math.sqrt(Math.max(0, 1 - y * y));
    const theta = golden * i;
    const [r, g, b] = hslToRgb((hue + hueRange * (i / Math.max(1, count - 1))) % 360, 0.85, 0.55);
    gaussians.push({
      position: [
        center[0] + radius * ring * Math.cos(theta),
        center[1] + radius * y,
        center[2] + radius * ring * Math.sin(theta),
      ],
      scale: [size, size, size],
      rotation: [1, 0, 0, 0],
      color: [r, g, b, 255],
    });
  }
  return gaussians;
}

/** antimatter15 `.splat`: per gaussian position f32x3, scale f32x3, RGBA u8x4, quaternion (w, x, y, z) u8x4 mapped from [-1, 1]. */
export function encodeSplat(gaussians: readonly Gaussian[]): Uint8Array {
  const bytes = new Uint8Array(gaussians.length * SPLAT_BYTES_PER_GAUSSIAN);
  const view = new DataView(bytes.buffer);
  gaussians.forEach((gaussian, index) => {
    const offset = index * SPLAT_BYTES_PER_GAUSSIAN;
    for (let axis = 0; axis < 3; axis += 1) {
      view.setFloat32(offset + axis * 4, gaussian.position[axis], true);
      view.setFloat32(offset + 12 + axis * 4, gaussian.scale[axis], true);
    }
    const quaternion = normalize(gaussian.rotation);
    for (let k = 0; k < 4; k += 1) {
      bytes[offset + 24 + k] = clampByte(gaussian.color[k]);
      bytes[offset + 28 + k] = clampByte(quaternion[k] * 128 + 128);
    }
  });
  return bytes;
}

/** Reads a `.splat` back (quaternion and colour at their 8-bit precision). Throws on a truncated file. */
export function decodeSplat(bytes: Uint8Array): Gaussian[] {
  if (bytes.byteLength % SPLAT_BYTES_PER_GAUSSIAN !== 0)
    throw new Error(`.splat size ${bytes.byteLength} is not a multiple of 32 bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const gaussians: Gaussian[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += SPLAT_BYTES_PER_GAUSSIAN) {
    const float = (at: number) => view.getFloat32(offset + at, true);
    const quat = (k: number) => (bytes[offset + 28 + k] - 128) / 128;
    gaussians.push({
      position: [float(0), float(4), float(8)],
      scale: [float(12), float(16), float(20)],
      color: [bytes[offset + 24], bytes[offset + 25], bytes[offset + 26], bytes[offset + 27]],
      rotation: [quat(0), quat(1), quat(2), quat(3)],
    });
  }
  return gaussians;
}

const SH_C0 = 0.28209479177387814;
const PLY_PROPERTIES = [
  'x',
  'y',
  'z',
  'f_dc_0',
  'f_dc_1',
  'f_dc_2',
  'opacity',
  'scale_0',
  'scale_1',
  'scale_2',
  'rot_0',
  'rot_1',
  'rot_2',
  'rot_3',
] as const;

/** Binary little-endian `.ply` as 3D Gaussian Splatting writes it: SH degree 0 colour, logit opacity, log scales. */
export function encodePly(gaussians: readonly Gaussian[]): Uint8Array {
  const header = [
    'ply',
    'format binary_little_endian 1.0',
    `element vertex ${gaussians.length}`,
    ...PLY_PROPERTIES.map((name) => `property float ${name}`),
    'end_header',
    '',
  ].join('\n');
  const head = new TextEncoder().encode(header);
  const stride = PLY_PROPERTIES.length * 4;
  const bytes = new Uint8Array(head.byteLength + gaussians.length * stride);
  bytes.set(head, 0);
  const view = new DataView(bytes.buffer);
  gaussians.forEach((gaussian, index) => {
    const alpha = Math.min(0.999, Math.max(0.001, gaussian.color[3] / 255));
    const values = [
      ...gaussian.position,
      ...gaussian.color.slice(0, 3).map((channel) => (channel / 255 - 0.5) / SH_C0),
      Math.log(alpha / (1 - alpha)),
      ...gaussian.scale.map((s) => Math.log(s)),
      ...normalize(gaussian.rotation),
    ];
    values.forEach((value, k) => view.setFloat32(head.byteLength + index * stride + k * 4, value, true));
  });
  return bytes;
}

function normalize(q: readonly number[]): number[] {
  const length = Math.hypot(...q) || 1;
  return q.map((value) => value / length);
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return clampByte(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}
