import { useRef, useState } from 'react';
import { Markers } from '../gaussian/Markers';
import { DEFAULT_POSE, toPose, toVec3 } from '../gaussian/pose';
import { splatUrl } from '../gaussian/splatUrl';
import type { ElementProps } from '../../render/types';
import { Stage } from '../gaussian/Stage';
import { useCameraFlight } from '../gaussian/useCameraFlight';
import { useGaussianScene } from '../gaussian/useGaussianScene';

/** `3d.gaussianHotspots`: a splat scene with numbered hotspots; choosing one flies the camera to its pose and shows its title. */
export default function GaussianHotspots({ file, hotspots = [], environment }: ElementProps<'3d.gaussianHotspots'>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const [selection, setSelection] = useState<{ index: number; at: number } | null>(null);
  const active = selection?.index ?? null;
  const setActive = (index: number | null) => setSelection(index === null ? null : { index, at: Date.now() });
  const spots = hotspots.map((hotspot, index) => ({
    position: toVec3(hotspot.position, [0, 0, 0]),
    pose: toPose(hotspot.camera),
    label: hotspot.title?.trim() || `Punkt ${index + 1}`,
  }));
  const current = active !== null ? spots[active] : undefined;
  const { status, scene, interacted } = useGaussianScene(hostRef, {
    file: splatUrl(file),
    environment: splatUrl(environment),
    camera: DEFAULT_POSE,
  });
  useCameraFlight(scene, current?.pose ?? DEFAULT_POSE, current?.position, figureRef, selection?.at);

  const bar =
    spots.length > 0
      ? spots.map((spot, index) => (
          <button
            key={index}
            type="button"
            className="bk-gs-chip"
            aria-pressed={active === index}
            onClick={() => setActive(index)}
          >
            <span className="bk-gs-chip-number" aria-hidden="true">
              {index + 1}
            </span>
            {spot.label}
          </button>
        ))
      : undefined;

  return (
    <Stage
      title="3D-Rundgang"
      status={status}
      interacted={interacted}
      hostRef={hostRef}
      figureRef={figureRef}
      bar={bar}
      active={current !== undefined}
    >
      {scene && status === 'ready' && <Markers scene={scene} markers={spots} active={active} onSelect={setActive} />}
      {current && (
        <p className="bk-gs-caption" role="status">
          {current.label}
        </p>
      )}
    </Stage>
  );
}
