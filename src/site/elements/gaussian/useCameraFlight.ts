import { useEffect, useRef, type RefObject } from 'react';
import { poseKey, type Pose, type Vec3 } from './pose';
import type { GaussianScene } from './scene';

/**
 * Flies the camera to `pose` whenever it changes after the scene is built (the first pose is the
 * scene's start camera). Writes the reached position to the figure's `data-camera` for tests and tools.
 */
export function useCameraFlight(
  scene: GaussianScene | null,
  pose: Pose,
  focus: Vec3 | undefined,
  figureRef: RefObject<HTMLElement | null>,
  /** Changes when the same pose is chosen again (the visitor may have orbited away meanwhile). */
  token: number | string = '',
): void {
  const key = `${poseKey(pose)}|${focus?.join(',') ?? ''}|${token}`;
  const applied = useRef<string | null>(null);
  const latest = useRef({ pose, focus });
  latest.current = { pose, focus };

  useEffect(() => {
    if (!scene) {
      applied.current = null;
      return;
    }
    const report = () => {
      if (figureRef.current)
        figureRef.current.dataset.camera = scene
          .cameraPosition()
          .map((n) => n.toFixed(3))
          .join(',');
    };
    if (applied.current === null) {
      applied.current = key;
      report();
      return;
    }
    if (applied.current === key) return;
    applied.current = key;
    void scene.moveCamera(latest.current.pose, { focus: latest.current.focus }).then(report);
  }, [scene, key, figureRef]);
}
