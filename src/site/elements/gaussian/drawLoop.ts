/** Installs or removes the per-frame callback (three.js: `renderer.setAnimationLoop`). */
export type SetAnimationLoop = (callback: ((time: number) => void) | null) => void;

export interface DrawLoop {
  /** Asks for a frame; requests until the next frame draw once. */
  request(): void;
  /** Off screen nothing is drawn; coming back draws the current state once. */
  setVisible(visible: boolean): void;
  /** Stops for good: later requests are ignored. */
  dispose(): void;
}

/**
 * Draws on demand: a splat scene keeps the GPU busy for every frame drawn, also when nothing moves (a
 * phone's battery). `draw` runs on animation frames while it returns true (something is still moving)
 * or another request came in since the frame began; then the loop stops until the next request.
 */
export function createDrawLoop(setLoop: SetAnimationLoop, draw: (time: number) => boolean): DrawLoop {
  let visible = true;
  let disposed = false;
  let running = false;
  let requested = false;

  const stop = () => {
    running = false;
    setLoop(null);
  };
  const frame = (time: number) => {
    requested = false;
    const moving = draw(time);
    if (!moving && !requested) stop();
  };
  const request = () => {
    requested = true;
    if (running || !visible || disposed) return;
    running = true;
    setLoop(frame);
  };

  return {
    request,
    setVisible(next) {
      visible = next;
      if (visible) request();
      else if (running) stop();
    },
    dispose() {
      disposed = true;
      stop();
    },
  };
}
