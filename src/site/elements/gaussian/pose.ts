import type { CameraValue, Vector3Value } from '../../../shared/generated/types';

export type Vec3 = [number, number, number];

/** A camera pose with every part present: position in scene units, Euler rotation (XYZ) in radians. */
export interface Pose {
  position: Vec3;
  rotation: Vec3;
}

/** The schema's defaults (camera.schema.json). */
export const DEFAULT_POSE: Pose = { position: [0, 0, 3], rotation: [0, 0, 0] };

/** A stored vector as three finite numbers, or the fallback when it is missing or malformed. */
export function toVec3(value: Vector3Value | undefined, fallback: Vec3): Vec3 {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((n) => typeof n === 'number' && Number.isFinite(n)))
    return [...fallback];
  return [value[0], value[1], value[2]];
}

export function toPose(camera: CameraValue | undefined, fallback: Pose = DEFAULT_POSE): Pose {
  return {
    position: toVec3(camera?.position, fallback.position),
    rotation: toVec3(camera?.rotation, fallback.rotation),
  };
}

/** Stable key of a pose, so effects re-run only when the numbers change (props arrive as new arrays on every render). */
export function poseKey(pose: Pose): string {
  return [...pose.position, ...pose.rotation].join(',');
}

/** Ease-in-out (cubic) for camera flights; t in [0, 1]. */
export function easeInOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}
