import { describe, expect, it } from 'vitest';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { createLiveEditStore, nextLiveEdit, withLiveEdit } from './liveEdit';

const p = (text: string): ElementNodeValue => ({ tag: 'paragraph', props: { text } });
const section = (...children: ElementNodeValue[]): ElementNodeValue => ({ tag: 'section', props: { children } });
const textAt = (list: readonly ElementNodeValue[], i: number) => (list[i].props as { text: string }).text;

describe('live edits', () => {
  const state = [p('Hallo'), p('Welt')];

  it('shows the typed value while the state still has the value from before the typing', () => {
    const edit = nextLiveEdit(state, null, [1], ['text'], 'Welt!');
    const shown = withLiveEdit(state, edit);
    expect(textAt(shown, 1)).toBe('Welt!');
    // Only the typed element is a new node: the preview re-renders that one.
    expect(shown[0]).toBe(state[0]);
  });

  it('keeps the newest key while the state catches up with an older one', () => {
    const first = nextLiveEdit(state, null, [1], ['text'], 'Welt!');
    const second = nextLiveEdit(state, first, [1], ['text'], 'Welt!!');
    const behind = [state[0], p('Welt!')];
    expect(textAt(withLiveEdit(behind, second), 1)).toBe('Welt!!');
    const caughtUp = [state[0], p('Welt!!')];
    expect(withLiveEdit(caughtUp, second)).toBe(caughtUp);
  });

  it('gives way to any other value of the state (undo, a merge)', () => {
    const edit = nextLiveEdit(state, null, [1], ['text'], 'Welt!');
    const replaced = [state[0], p('Erde')];
    expect(withLiveEdit(replaced, edit)).toBe(replaced);
    expect(withLiveEdit(state, null)).toBe(state);
    expect(withLiveEdit([state[0]], edit)).toEqual([state[0]]);
  });

  it('patches nested elements and nested fields', () => {
    const nested = [section(p('a'), p('b'))];
    const edit = nextLiveEdit(nested, null, [0, 'children', 1], ['text'], 'b*c*');
    const shown = withLiveEdit(nested, edit);
    const children = (shown[0].props as { children: ElementNodeValue[] }).children;
    expect(textAt(children, 1)).toBe('b*c*');
    expect(children[0]).toBe((nested[0].props as { children: ElementNodeValue[] }).children[0]);
  });

  it('starts a new history when the typing moves to another field', () => {
    const there = nextLiveEdit(state, null, [0], ['text'], 'Hallo!');
    const here = nextLiveEdit(state, there, [1], ['text'], 'Welt!');
    expect(here.from).toEqual(['Welt']);
  });

  it('tells subscribers about a new edit once', () => {
    const store = createLiveEditStore();
    const calls: unknown[] = [];
    const stop = store.subscribe(() => calls.push(store.get()));
    const edit = nextLiveEdit(state, null, [1], ['text'], 'x');
    store.set(edit);
    store.set(edit);
    stop();
    store.set(null);
    expect(calls).toEqual([edit]);
  });
});
