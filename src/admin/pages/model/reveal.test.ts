import { describe, expect, it } from 'vitest';
import { revealDelta } from './reveal';

// A sidebar in sight from 100 (under its sticky tabs) to 900.
const view = { top: 100, bottom: 900 };
const row = (top: number) => ({ top, bottom: top + 36 });
const head = (top: number) => ({ top: top + 36, bottom: top + 36 + 160 });

describe('bringing the selected element and its form into sight', () => {
  it('leaves a row and form already in sight where they are', () => {
    expect(revealDelta(row(300), head(300), view)).toBe(0);
    expect(revealDelta(row(100), head(100), view)).toBe(0);
    expect(revealDelta(row(704), head(704), view)).toBe(0);
  });

  it('scrolls down, row to the top, when the form starts below the view', () => {
    expect(revealDelta(row(800), head(800), view)).toBe(800 - 100 - 8);
    expect(revealDelta(row(2500), head(2500), view)).toBe(2392);
  });

  it('scrolls up to a row above the view (selected in the preview after scrolling the outline)', () => {
    expect(revealDelta(row(-400), head(-400), view)).toBe(-508);
    expect(revealDelta(row(90), head(90), view)).toBe(-18);
  });
});
