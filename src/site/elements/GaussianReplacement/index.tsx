import { useEffect, useRef, useState } from 'react';
import { Markers } from '../gaussian/Markers';
import { DEFAULT_POSE, toPose, toVec3 } from '../gaussian/pose';
import { splatUrl } from '../gaussian/splatUrl';
import type { ElementProps } from '../../render/types';
import { Stage } from '../gaussian/Stage';
import { useCameraFlight } from '../gaussian/useCameraFlight';
import { useGaussianScene } from '../gaussian/useGaussianScene';

/**
 * `3d.gaussianReplacement`: a splat scene with spots; each spot shows one of its options (its own
 * splat at its own position and rotation), and visitors swap options from the spot's panel.
 */
export default function GaussianReplacement({ file, spots = [], environment }: ElementProps<'3d.gaussianReplacement'>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const [selection, setSelection] = useState<{ index: number; at: number } | null>(null);
  const active = selection?.index ?? null;
  const setActive = (index: number | null) => setSelection(index === null ? null : { index, at: Date.now() });
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [loading, setLoading] = useState<Record<number, boolean>>({});
  const items = spots.map((spot, index) => ({
    position: toVec3(spot.position, [0, 0, 0]),
    pose: toPose(spot.camera),
    label: spot.title?.trim() || `Objekt ${index + 1}`,
    options: (spot.options ?? []).map((option, k) => ({
      label: option.label?.trim() || `Variante ${k + 1}`,
      url: splatUrl(option.file),
      position: toVec3(option.position, [0, 0, 0]),
      rotation: toVec3(option.rotation, [0, 0, 0]),
    })),
  }));
  const current = active !== null ? items[active] : undefined;
  const { status, scene, interacted } = useGaussianScene(hostRef, {
    file: splatUrl(file),
    environment: splatUrl(environment),
    camera: DEFAULT_POSE,
  });
  useCameraFlight(scene, current?.pose ?? DEFAULT_POSE, current?.position, figureRef, selection?.at);

  // One slot per spot showing its chosen option (the first until the visitor picks another).
  const wanted = items.map((item, index) => item.options[chosen[index] ?? 0]);
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => {
    if (!scene || status !== 'ready') return;
    wanted.forEach((option, index) => {
      const source = option?.url ? { url: option.url, position: option.position, rotation: option.rotation } : null;
      setLoading((state) => ({ ...state, [index]: Boolean(source) }));
      scene
        .setSlot(`spot-${index}`, source)
        .catch((error: unknown) => console.error('3D option failed to load', error))
        .finally(() => setLoading((state) => ({ ...state, [index]: false })));
    });
    // `wantedKey` stands for `wanted`, a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, status, wantedKey]);

  const bar =
    items.length > 0
      ? items.map((item, index) => (
          <button
            key={index}
            type="button"
            className="bk-gs-chip"
            aria-pressed={active === index}
            onClick={() => setActive(active === index ? null : index)}
          >
            <span className="bk-gs-chip-number" aria-hidden="true">
              {index + 1}
            </span>
            {item.label}
          </button>
        ))
      : undefined;

  return (
    <Stage
      title="3D-Konfigurator"
      status={status}
      interacted={interacted}
      hostRef={hostRef}
      figureRef={figureRef}
      bar={bar}
      active={current !== undefined}
    >
      {scene && status === 'ready' && <Markers scene={scene} markers={items} active={active} onSelect={setActive} />}
      {current && active !== null && (
        <section className="bk-gs-panel" aria-label={`Varianten: ${current.label}`}>
          <h3>{current.label}</h3>
          <div className="bk-gs-options">
            {current.options.map((option, k) => (
              <button
                key={k}
                type="button"
                className="bk-gs-option"
                aria-pressed={(chosen[active] ?? 0) === k}
                data-loading={(chosen[active] ?? 0) === k && Boolean(loading[active])}
                onClick={() => setChosen((state) => ({ ...state, [active]: k }))}
              >
                {option.label}
              </button>
            ))}
          </div>
        </section>
      )}
    </Stage>
  );
}
