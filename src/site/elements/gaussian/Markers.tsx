import { useEffect, useRef } from 'react';
import type { GaussianScene } from './scene';
import type { Vec3 } from './pose';

export interface Marker {
  position: Vec3;
  label: string;
}

export interface MarkersProps {
  scene: GaussianScene;
  markers: Marker[];
  active: number | null;
  onSelect(index: number): void;
}

/** Numbered buttons pinned to 3D points; moved on every drawn frame by writing styles directly (no React render per frame). */
export function Markers({ scene, markers, active, onSelect }: MarkersProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const positions = useRef(markers.map((marker) => marker.position));
  positions.current = markers.map((marker) => marker.position);

  useEffect(
    () =>
      scene.onFrame(() => {
        positions.current.forEach((position, index) => {
          const button = refs.current[index];
          if (!button) return;
          const point = scene.project(position);
          button.style.visibility = point.visible ? 'visible' : 'hidden';
          button.style.transform = `translate(${point.x.toFixed(1)}px, ${point.y.toFixed(1)}px)`;
        });
      }),
    [scene],
  );
  // The viewer draws only when something changed: moved or added markers need a frame to be placed.
  const placement = markers.map((marker) => marker.position.join(',')).join(';');
  useEffect(() => scene.redraw(), [scene, placement]);

  return (
    <div className="bk-gs-markers">
      {markers.map((marker, index) => (
        <button
          key={index}
          ref={(button) => {
            refs.current[index] = button;
          }}
          type="button"
          className="bk-gs-marker"
          aria-label={marker.label}
          aria-pressed={active === index}
          title={marker.label}
          tabIndex={-1}
          onClick={() => onSelect(index)}
        >
          {index + 1}
        </button>
      ))}
    </div>
  );
}
