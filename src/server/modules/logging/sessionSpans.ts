/**
 * Logging sessions as spans of one VIN's frames (times in ms since the epoch): what the summary keeps
 * per session, and what each insert statement's run of new frames adds (its chunk). Two spans whose
 * ends are at most `gapMs` apart have frames at most that far apart, so they are one session; spans
 * further apart have no such frames. Pure functions, no I/O.
 */
export interface Span {
  start: number;
  end: number;
  frames: number;
  /** Largest value of each data key. */
  max: Record<string, number>;
  /** Smallest value of each data key. */
  min: Record<string, number>;
}

/** The largest of each key over both (a new object). */
export function mergeMaxima(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const key in b) if (!(out[key] >= b[key])) out[key] = b[key];
  return out;
}

/** The smallest of each key over both (a new object). */
export function mergeMinima(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const key in b) if (!(out[key] <= b[key])) out[key] = b[key];
  return out;
}

/**
 * The sessions the spans form (each a union of the spans within `gapMs` of each other, transitively),
 * in time order, with the spans each is made of (counts added, maxima and minima merged).
 */
export function mergeSpans<T extends Span>(spans: T[], gapMs: number): (Span & { members: T[] })[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: (Span & { members: T[] })[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start - last.end <= gapMs) {
      last.end = Math.max(last.end, span.end);
      last.frames += span.frames;
      last.max = mergeMaxima(last.max, span.max);
      last.min = mergeMinima(last.min, span.min);
      last.members.push(span);
    } else
      out.push({
        start: span.start,
        end: span.end,
        frames: span.frames,
        max: { ...span.max },
        min: { ...span.min },
        members: [span],
      });
  }
  return out;
}

/**
 * The time window to summarise again from the frames after frames between `from` and `to` changed (or
 * were deleted): that span grown by every span within `gapMs` of it, until none is. Spans outside it are
 * further than `gapMs` from every frame inside, so the sessions inside depend on those frames alone.
 */
export function changedWindow(spans: Span[], from: number, to: number, gapMs: number): { start: number; end: number } {
  const window = { start: from, end: to };
  for (let grown = true; grown;) {
    grown = false;
    for (const span of spans) {
      const near = span.start - window.end <= gapMs && window.start - span.end <= gapMs;
      if (near && (span.start < window.start || span.end > window.end)) {
        window.start = Math.min(window.start, span.start);
        window.end = Math.max(window.end, span.end);
        grown = true;
      }
    }
  }
  return window;
}
