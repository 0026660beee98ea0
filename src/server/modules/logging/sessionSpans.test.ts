import { describe, expect, it } from 'vitest';
import { changedWindow, mergeMaxima, mergeMinima, mergeSpans } from './sessionSpans';

const span = (
  start: number,
  end: number,
  frames = 1,
  max: Record<string, number> = {},
  min: Record<string, number> = max,
) => ({ start, end, frames, max, min });

describe('mergeSpans', () => {
  it('joins spans at most the gap apart, transitively and out of order, and adds their counts, maxima and minima', () => {
    const merged = mergeSpans(
      [
        span(200, 210, 2, { a: 1 }),
        span(0, 10, 3, { a: 5, b: 1 }, { a: -2, b: 0 }),
        span(70, 80, 1, { b: 7 }, { b: -3 }),
        span(400, 400),
      ],
      60,
    );
    expect(merged.map(({ start, end, frames, max, min }) => ({ start, end, frames, max, min }))).toEqual([
      { start: 0, end: 80, frames: 4, max: { a: 5, b: 7 }, min: { a: -2, b: -3 } },
      { start: 200, end: 210, frames: 2, max: { a: 1 }, min: { a: 1 } },
      { start: 400, end: 400, frames: 1, max: {}, min: {} },
    ]);
    expect(merged[0].members).toHaveLength(2);
  });

  it('keeps a gap of exactly the limit inside a session and splits one just over it', () => {
    expect(mergeSpans([span(0, 0), span(60, 60)], 60)).toHaveLength(1);
    expect(mergeSpans([span(0, 0), span(61, 61)], 60)).toHaveLength(2);
  });

  it('takes in a span inside another one', () => {
    expect(mergeSpans([span(0, 100, 10), span(30, 40, 2)], 60)).toMatchObject([{ start: 0, end: 100, frames: 12 }]);
  });
});

describe('changedWindow', () => {
  it('grows to every span within the gap, repeatedly', () => {
    const spans = [span(0, 10), span(60, 100), span(150, 160), span(300, 310)];
    expect(changedWindow(spans, 120, 120, 60)).toEqual({ start: 0, end: 160 });
    expect(changedWindow(spans, 250, 250, 60)).toEqual({ start: 250, end: 310 });
    expect(changedWindow(spans, 500, 500, 60)).toEqual({ start: 500, end: 500 });
  });
});

describe('mergeMinima', () => {
  it('keeps the smaller value of each key', () => {
    expect(mergeMinima({ a: 1, b: -2 }, { b: -1, c: 0, a: -4 })).toEqual({ a: -4, b: -2, c: 0 });
  });
});

describe('mergeMaxima', () => {
  it('keeps the larger value of each key', () => {
    expect(mergeMaxima({ a: 1, b: -2 }, { b: -1, c: 0 })).toEqual({ a: 1, b: -1, c: 0 });
  });
});
