import { describe, expect, it } from 'vitest';
import { createDrawLoop } from './drawLoop';

/** A stand-in for the animation loop: `tick()` runs one frame if a callback is installed. */
function fakeLoop() {
  let callback: ((time: number) => void) | null = null;
  let time = 0;
  return {
    set: (next: ((time: number) => void) | null) => {
      callback = next;
    },
    get running() {
      return callback !== null;
    },
    tick() {
      time += 16;
      callback?.(time);
    },
  };
}

describe('draw loop', () => {
  it('draws one frame per burst of requests, then stops', () => {
    const loop = fakeLoop();
    let draws = 0;
    const draw = createDrawLoop(loop.set, () => {
      draws += 1;
      return false;
    });
    expect(loop.running).toBe(false);
    draw.request();
    draw.request();
    expect(loop.running).toBe(true);
    loop.tick();
    expect(draws).toBe(1);
    expect(loop.running).toBe(false);
    loop.tick();
    expect(draws).toBe(1);
  });

  it('keeps drawing while draw reports movement or a request comes in during a frame', () => {
    const loop = fakeLoop();
    let moving = 3;
    let requestDuringDraw = false;
    const draw = createDrawLoop(loop.set, () => {
      if (requestDuringDraw) {
        requestDuringDraw = false;
        draw.request();
      }
      moving -= 1;
      return moving > 0;
    });
    draw.request();
    loop.tick();
    loop.tick();
    expect(loop.running).toBe(true);
    loop.tick();
    expect(moving).toBe(0);
    expect(loop.running).toBe(false);

    // A change noticed while drawing (Spark's sort result, a control's 'change') earns one more frame.
    requestDuringDraw = true;
    draw.request();
    loop.tick();
    expect(loop.running).toBe(true);
    loop.tick();
    expect(loop.running).toBe(false);
  });

  it('draws nothing off screen and the current state once when visible again', () => {
    const loop = fakeLoop();
    let draws = 0;
    const draw = createDrawLoop(loop.set, () => {
      draws += 1;
      return true;
    });
    draw.request();
    loop.tick();
    draw.setVisible(false);
    expect(loop.running).toBe(false);
    draw.request();
    expect(loop.running).toBe(false);
    draw.setVisible(true);
    expect(loop.running).toBe(true);
    loop.tick();
    expect(draws).toBe(2);
  });

  it('ignores requests after dispose', () => {
    const loop = fakeLoop();
    const draw = createDrawLoop(loop.set, () => false);
    draw.request();
    draw.dispose();
    expect(loop.running).toBe(false);
    draw.request();
    draw.setVisible(true);
    expect(loop.running).toBe(false);
  });
});
