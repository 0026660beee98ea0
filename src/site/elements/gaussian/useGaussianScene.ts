import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GaussianScene } from './scene';
import type { Pose } from './pose';

export type SceneStatus = 'idle' | 'loading' | 'ready' | 'error' | 'unsupported' | 'empty';

export interface SceneRequest {
  file?: string;
  environment?: string;
  camera: Pose;
}

export interface SceneState {
  status: SceneStatus;
  scene: GaussianScene | null;
  /** False until the visitor first drags or zooms: the controls hint shows until then. */
  interacted: boolean;
}

function hasWebGL2(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'));
  } catch {
    return false;
  }
}

/**
 * Loads the 3D scene into `hostRef` on the client only: when the element comes near the viewport,
 * an effect imports `./scene` (three.js + Spark, a separate chunk), so SSR and pages without 3D never
 * load it. The scene is rebuilt when a file changes and disposed on unmount.
 */
export function useGaussianScene(hostRef: RefObject<HTMLElement | null>, request: SceneRequest): SceneState {
  const [status, setStatus] = useState<SceneStatus>(request.file ? 'idle' : 'empty');
  const [scene, setScene] = useState<GaussianScene | null>(null);
  const [interacted, setInteracted] = useState(false);
  // The start camera only matters when the scene is built; later changes fly there (see below).
  const cameraRef = useRef(request.camera);
  cameraRef.current = request.camera;
  const { file, environment } = request;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    if (!file) {
      setStatus('empty');
      return undefined;
    }
    if (!hasWebGL2()) {
      setStatus('unsupported');
      return undefined;
    }
    let cancelled = false;
    let created: GaussianScene | null = null;
    const start = () => {
      setStatus('loading');
      import('./scene')
        .then(({ createScene, WebGLUnavailableError }) => {
          if (cancelled) return;
          try {
            created = createScene(host, {
              file,
              environment,
              camera: cameraRef.current,
              onInteract: () => setInteracted(true),
            });
          } catch (error) {
            setStatus(error instanceof WebGLUnavailableError ? 'unsupported' : 'error');
            return;
          }
          const current = created;
          setScene(current);
          current.ready.then(
            () => !cancelled && setStatus('ready'),
            (error: unknown) => {
              if (cancelled) return;
              console.error('3D scene failed to load', error);
              setStatus('error');
            },
          );
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.error('3D viewer failed to load', error);
          setStatus('error');
        });
    };
    // Start when the element is about to scroll into view; older browsers start at once.
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          observer = null;
          start();
        },
        { rootMargin: '300px' },
      );
      observer.observe(host);
    } else {
      start();
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.dispose();
      setScene(null);
    };
  }, [hostRef, file, environment]);

  return { status, scene, interacted };
}
