import { describe, expect, it } from 'vitest';
import { editorReducer, isDirty, startEditor } from './editorState';

describe('editor state', () => {
  const loaded = { _id: 'a', _version: 1, name: 'Home' };

  it('groups typing into one undo step until the push', () => {
    let s = startEditor(loaded);
    s = editorReducer(s, { type: 'edit', doc: { ...loaded, name: 'H' }, group: true });
    s = editorReducer(s, { type: 'edit', doc: { ...loaded, name: 'Ho' }, group: true });
    s = editorReducer(s, { type: 'endGroup' });
    s = editorReducer(s, { type: 'edit', doc: { ...loaded, name: 'Hom' }, group: true });
    expect(s.history.past.map((d) => d.name)).toEqual(['Home', 'Ho']);
    s = editorReducer(s, { type: 'undo' });
    expect(s.history.present.name).toBe('Ho');
    expect(isDirty(s)).toBe(true);
  });

  it('takes the server fields of a save and stays dirty when edited meanwhile', () => {
    let s = startEditor(loaded);
    const sent = { ...loaded, name: 'A' };
    s = editorReducer(s, { type: 'edit', doc: sent });
    expect(isDirty(s)).toBe(true);
    const stored = { ...sent, _version: 2, _path: '/A' };
    const done = editorReducer(s, { type: 'stored', sent, stored });
    expect(isDirty(done)).toBe(false);
    expect(done.base).toBe(stored);

    s = editorReducer(s, { type: 'edit', doc: { ...sent, title: 'T' } });
    s = editorReducer(s, { type: 'stored', sent, stored });
    expect(isDirty(s)).toBe(true);
    expect(s.history.present).toMatchObject({ name: 'A', title: 'T', _version: 2, _path: '/A' });
  });
});
