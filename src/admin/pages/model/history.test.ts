import { describe, expect, it } from 'vitest';
import { record, redo, startHistory, undo } from './history';

describe('undo history', () => {
  it('undoes and redoes, and a new state drops the redo', () => {
    let h = startHistory(0);
    h = record(h, 1, 20);
    h = record(h, 2, 20);
    h = undo(h);
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    h = undo(undo(h));
    expect(h.present).toBe(0);
    expect(undo(h)).toBe(h);
    h = record(h, 5, 20);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it('holds at most the given number of states back', () => {
    let h = startHistory(0);
    for (let i = 1; i <= 30; i += 1) h = record(h, i, 20);
    expect(h.past).toHaveLength(20);
    for (let i = 0; i < 25; i += 1) h = undo(h);
    expect(h.present).toBe(10);
  });
});
