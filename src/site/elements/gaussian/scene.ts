/**
 * The WebGL side of the 3D elements: three.js + Spark. Only ever loaded through `import('./scene')`
 * from an effect, so SSR and pages without 3D never touch (or download) it.
 */
import { SparkRenderer, SplatFileType, SplatMesh, getSplatFileType } from '@sparkjsdev/spark';
import { Euler, PerspectiveCamera, Quaternion, Scene, Vector3, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createDrawLoop } from './drawLoop';
import { easeInOut, type Pose, type Vec3 } from './pose';

export interface SceneOptions {
  /** URL of the main splat. */
  file: string;
  /** URL of an optional surrounding splat. */
  environment?: string;
  camera: Pose;
  /** Called once when the visitor first drags, zooms or touches (to fade the controls hint). */
  onInteract?: () => void;
}

export interface SlotSource {
  url: string;
  position: Vec3;
  rotation: Vec3;
}

export interface ScreenPoint {
  x: number;
  y: number;
  /** False when the point is behind the camera or outside the view. */
  visible: boolean;
}

export interface GaussianScene {
  /** Resolves when the main splat (and the environment, if any) is loaded and drawn. */
  ready: Promise<void>;
  /** Flies the camera to a pose; `focus` becomes the orbit centre (defaults to a point ahead). */
  moveCamera(pose: Pose, options?: { focus?: Vec3; durationMs?: number }): Promise<void>;
  /** Shows `source` in a named slot (loaded first, then swapped in; the old mesh is disposed). */
  setSlot(key: string, source: SlotSource | null): Promise<void>;
  project(point: Vec3): ScreenPoint;
  /** `listener` runs after every drawn frame; adding one draws a frame. */
  onFrame(listener: () => void): () => void;
  /** Draws a frame: the viewer draws only when something changed, e.g. markers placed over the canvas. */
  redraw(): void;
  cameraPosition(): Vec3;
  dispose(): void;
}

export class WebGLUnavailableError extends Error {
  constructor() {
    super('WebGL 2 is not available');
  }
}

const EXTENSION_TYPES: Record<string, SplatFileType> = {
  ply: SplatFileType.PLY,
  spz: SplatFileType.SPZ,
  splat: SplatFileType.SPLAT,
  ksplat: SplatFileType.KSPLAT,
};

/** The download URL carries no extension: sniff the bytes, then the served file name, then assume `.splat` (it has no magic number). */
function fileTypeOf(bytes: Uint8Array, url: string, disposition: string | null): SplatFileType {
  const sniffed = bytes.byteLength >= 4 ? getSplatFileType(bytes) : undefined;
  if (sniffed) return sniffed;
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)/i.exec(disposition ?? '')?.[1] ?? url.split(/[?#]/, 1)[0];
  const extension = decodeURIComponent(name).split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? SplatFileType.SPLAT;
}

async function loadSplat(url: string, signal: AbortSignal): Promise<SplatMesh> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Splat ${url}: HTTP ${response.status}`);
  const fileBytes = new Uint8Array(await response.arrayBuffer());
  const mesh = new SplatMesh({
    fileBytes,
    fileType: fileTypeOf(fileBytes, url, response.headers.get('content-disposition')),
  });
  await mesh.initialized;
  if (signal.aborted) {
    mesh.dispose();
    throw signal.reason;
  }
  return mesh;
}

function place(mesh: SplatMesh, position: Vec3, rotation: Vec3): void {
  mesh.position.set(...position);
  mesh.rotation.set(...rotation);
}

/** Orbit centre for a pose: the focus point projected onto the view ray, else where the ray passes the origin, else 3 units ahead. */
function orbitTarget(pose: Pose, focus?: Vec3): Vector3 {
  const position = new Vector3(...pose.position);
  const forward = new Vector3(0, 0, -1).applyEuler(new Euler(...pose.rotation));
  const anchor = focus ? new Vector3(...focus) : new Vector3();
  const along = anchor.sub(position).dot(forward);
  const distance = along > 0.3 ? along : focus ? 0.3 : 3;
  return position.addScaledVector(forward, distance);
}

export function createScene(host: HTMLElement, options: SceneOptions): GaussianScene {
  const probe = document.createElement('canvas');
  if (!probe.getContext('webgl2')) throw new WebGLUnavailableError();

  const renderer = new WebGLRenderer({ antialias: false, alpha: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0);
  const canvas = renderer.domElement;
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'display:block;width:100%;height:100%;outline:none;touch-action:none';
  host.append(canvas);
  // Frames are drawn only when something changed (see drawLoop); `frame` is defined below.
  const loop = createDrawLoop(
    (callback) => renderer.setAnimationLoop(callback),
    (time) => frame(time),
  );

  const scene = new Scene();
  const camera = new PerspectiveCamera(55, 1, 0.05, 500);
  // Spark sorts the splats in a worker after a camera move or a new splat; onDirty says that a result is
  // in (or a splat was regenerated), so the sorted order gets drawn although nothing else asks for a frame.
  const spark = new SparkRenderer({ renderer, onDirty: loop.request });
  scene.add(spark);

  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.dampingFactor = 0.08;
  controls.enablePan = false;
  controls.zoomToCursor = true;
  // Plain wheel scrolls the page; Ctrl (or pinch, which browsers report as Ctrl+wheel) zooms.
  const onWheel = (event: WheelEvent) => {
    controls.enableZoom = event.ctrlKey || event.metaKey;
  };
  host.addEventListener('wheel', onWheel, { capture: true, passive: true });
  // Fired for every input that moves the camera, and by controls.update() while damping glides on.
  controls.addEventListener('change', loop.request);
  let interacted = false;
  controls.addEventListener('start', () => {
    if (interacted) return;
    interacted = true;
    options.onInteract?.();
  });

  const setPose = (pose: Pose, focus?: Vec3) => {
    camera.position.set(...pose.position);
    camera.rotation.set(...pose.rotation);
    controls.target.copy(orbitTarget(pose, focus));
    loop.request();
  };
  setPose(options.camera);

  const resize = () => {
    const width = Math.max(1, host.clientWidth);
    const height = Math.max(1, host.clientHeight);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    loop.request();
  };
  resize();
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(host);

  interface Flight {
    from: { position: Vector3; quaternion: Quaternion; target: Vector3 };
    to: { position: Vector3; quaternion: Quaternion; target: Vector3 };
    start: number;
    duration: number;
    done: () => void;
  }
  let flight: Flight | null = null;
  const listeners = new Set<() => void>();

  /** Draws one frame; true while a flight or the controls' damping is still moving the camera. */
  const frame = (time: number): boolean => {
    let moving = true;
    if (flight) {
      const t = easeInOut((time - flight.start) / flight.duration);
      camera.position.lerpVectors(flight.from.position, flight.to.position, t);
      camera.quaternion.slerpQuaternions(flight.from.quaternion, flight.to.quaternion, t);
      controls.target.lerpVectors(flight.from.target, flight.to.target, t);
      if (t >= 1) {
        const done = flight.done;
        flight = null;
        controls.enabled = true;
        done();
      }
    } else {
      moving = controls.update();
    }
    renderer.render(scene, camera);
    for (const listener of listeners) listener();
    return moving;
  };

  // Draw only while the viewer is on screen.
  let visible = true;
  let disposed = false;
  const intersection = new IntersectionObserver(([entry]) => {
    visible = entry?.isIntersecting ?? true;
    loop.setVisible(visible);
  });
  intersection.observe(host);
  loop.request();

  const abort = new AbortController();
  const owned = new Set<SplatMesh>();
  const adopt = (mesh: SplatMesh) => {
    owned.add(mesh);
    scene.add(mesh);
    loop.request();
  };
  const drop = (mesh: SplatMesh | undefined) => {
    if (!mesh) return;
    scene.remove(mesh);
    owned.delete(mesh);
    mesh.dispose();
    loop.request();
  };

  // The environment is decoration: if it fails, the main splat still shows (and the failure is logged).
  const ready = (async () => {
    const [main, environment] = await Promise.allSettled([
      loadSplat(options.file, abort.signal),
      options.environment ? loadSplat(options.environment, abort.signal) : Promise.resolve(null),
    ]);
    for (const result of [main, environment]) {
      if (result.status === 'fulfilled' && result.value) {
        if (disposed) result.value.dispose();
        else adopt(result.value);
      }
    }
    if (environment.status === 'rejected' && !abort.signal.aborted)
      console.warn('3D environment failed to load', environment.reason);
    if (main.status === 'rejected') throw main.reason;
  })();

  const slots = new Map<string, { key: string; mesh?: SplatMesh; pending?: AbortController }>();
  const slotKey = (source: SlotSource) => `${source.url}|${source.position.join(',')}|${source.rotation.join(',')}`;

  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

  return {
    ready,
    moveCamera(pose, { focus, durationMs = 1200 } = {}) {
      flight?.done();
      const target = orbitTarget(pose, focus);
      const end = new PerspectiveCamera();
      end.position.set(...pose.position);
      end.rotation.set(...pose.rotation);
      if (reducedMotion || durationMs <= 0 || !visible) {
        flight = null;
        setPose(pose, focus);
        return Promise.resolve();
      }
      controls.enabled = false;
      return new Promise<void>((resolve) => {
        flight = {
          from: {
            position: camera.position.clone(),
            quaternion: camera.quaternion.clone(),
            target: controls.target.clone(),
          },
          to: { position: end.position.clone(), quaternion: end.quaternion.clone(), target },
          start: performance.now(),
          duration: durationMs,
          done: resolve,
        };
        loop.request();
      });
    },
    async setSlot(key, source) {
      const slot = slots.get(key) ?? { key: '' };
      slots.set(key, slot);
      const wanted = source ? slotKey(source) : '';
      if (slot.key === wanted && !slot.pending) return;
      slot.pending?.abort();
      slot.key = wanted;
      if (!source) {
        drop(slot.mesh);
        slot.mesh = undefined;
        return;
      }
      const pending = new AbortController();
      slot.pending = pending;
      const signal = AbortSignal.any([abort.signal, pending.signal]);
      try {
        const mesh = await loadSplat(source.url, signal);
        place(mesh, source.position, source.rotation);
        drop(slot.mesh);
        slot.mesh = mesh;
        adopt(mesh);
      } catch (error) {
        if (!signal.aborted) throw error;
      } finally {
        if (slot.pending === pending) slot.pending = undefined;
      }
    },
    project(point) {
      const v = new Vector3(...point).project(camera);
      return {
        x: ((v.x + 1) / 2) * host.clientWidth,
        y: ((1 - v.y) / 2) * host.clientHeight,
        visible: v.z > -1 && v.z < 1 && Math.abs(v.x) <= 1.05 && Math.abs(v.y) <= 1.05,
      };
    },
    onFrame(listener) {
      listeners.add(listener);
      loop.request();
      return () => listeners.delete(listener);
    },
    redraw: loop.request,
    cameraPosition() {
      return [camera.position.x, camera.position.y, camera.position.z];
    },
    dispose() {
      disposed = true;
      abort.abort();
      loop.dispose();
      intersection.disconnect();
      resizeObserver.disconnect();
      host.removeEventListener('wheel', onWheel, { capture: true });
      controls.dispose();
      for (const slot of slots.values()) slot.pending?.abort();
      for (const mesh of [...owned]) drop(mesh);
      scene.remove(spark);
      spark.dispose();
      listeners.clear();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
