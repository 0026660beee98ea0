import { describe, expect, it } from 'vitest';
import { decodeSplat, encodePly, encodeSplat, SPLAT_BYTES_PER_GAUSSIAN, sphereGaussians } from './splatFile';
import { easeInOut, toPose, toVec3 } from './pose';
import { splatUrl } from './splatUrl';

describe('splat files', () => {
  const gaussians = sphereGaussians({ count: 300, radius: 1.5, center: [0, 1, 0] });

  it('places a few hundred coloured gaussians on a sphere', () => {
    expect(gaussians).toHaveLength(300);
    for (const { position, color } of gaussians) {
      expect(Math.hypot(position[0], position[1] - 1, position[2])).toBeCloseTo(1.5, 5);
      expect(color[3]).toBe(255);
    }
    expect(new Set(gaussians.map((g) => g.color.join())).size).toBeGreaterThan(50);
  });

  it('writes .splat with 32 bytes per gaussian and reads it back', () => {
    const bytes = encodeSplat(gaussians);
    expect(bytes.byteLength).toBe(300 * SPLAT_BYTES_PER_GAUSSIAN);
    const view = new DataView(bytes.buffer);
    expect(view.getFloat32(0, true)).toBeCloseTo(gaussians[0].position[0], 6);
    expect(view.getFloat32(12, true)).toBeCloseTo(0.07, 6);
    // Identity rotation: w = 1 -> 255 (clamped from 256), x = y = z = 0 -> 128.
    expect([...bytes.subarray(28, 32)]).toEqual([255, 128, 128, 128]);
    const decoded = decodeSplat(bytes);
    expect(decoded).toHaveLength(300);
    decoded.forEach((gaussian, index) => {
      gaussian.position.forEach((value, axis) => expect(value).toBeCloseTo(gaussians[index].position[axis], 5));
      expect(gaussian.color).toEqual(gaussians[index].color);
      expect(gaussian.rotation[0]).toBeCloseTo(1, 1);
    });
  });

  it('rejects a truncated .splat', () => {
    expect(() => decodeSplat(encodeSplat(gaussians).subarray(0, 100))).toThrow(/multiple of 32/);
  });

  it('writes a binary 3DGS .ply header and body', () => {
    const bytes = encodePly(gaussians);
    const text = new TextDecoder().decode(bytes.subarray(0, 400));
    const headerEnd = text.indexOf('end_header\n') + 'end_header\n'.length;
    expect(text.startsWith('ply\nformat binary_little_endian 1.0\nelement vertex 300\n')).toBe(true);
    expect(text).toContain('property float f_dc_0');
    expect(bytes.byteLength).toBe(headerEnd + 300 * 14 * 4);
    const view = new DataView(bytes.buffer, headerEnd);
    expect(view.getFloat32(0, true)).toBeCloseTo(gaussians[0].position[0], 6);
    expect(view.getFloat32(7 * 4, true)).toBeCloseTo(Math.log(0.07), 5);
  });
});

describe('3D values', () => {
  it('falls back to the schema defaults for missing or malformed vectors', () => {
    expect(toPose(undefined)).toEqual({ position: [0, 0, 3], rotation: [0, 0, 0] });
    expect(toPose({ position: [1, 2, 3] })).toEqual({ position: [1, 2, 3], rotation: [0, 0, 0] });
    expect(toVec3([1, Number.NaN, 3], [0, 0, 0])).toEqual([0, 0, 0]);
    expect(toVec3([1, 2], [9, 9, 9])).toEqual([9, 9, 9]);
  });

  it('maps file ids to the download endpoint and passes paths through', () => {
    expect(splatUrl('66b2a0c1e4b0a1b2c3d4e6b1')).toBe('/api/files/download?id=66b2a0c1e4b0a1b2c3d4e6b1');
    expect(splatUrl('/splats/room.splat')).toBe('/splats/room.splat');
    expect(splatUrl('javascript:alert(1)')).toBeUndefined();
    expect(splatUrl(undefined)).toBeUndefined();
  });

  it('eases camera flights from 0 to 1', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(2)).toBe(1);
  });
});
