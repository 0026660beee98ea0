import { describe, expect, it } from 'vitest';
import { diffWords } from './textDiff';

describe('diffWords', () => {
  it('marks removed and added words and keeps the rest', () => {
    const parts = diffWords('Wir beraten kleine Firmen in Basel.', 'Wir beraten KMU in Basel und Zürich.');
    expect(parts).toEqual([
      { kind: 'same', text: 'Wir beraten ' },
      { kind: 'removed', text: 'kleine Firmen ' },
      { kind: 'added', text: 'KMU ' },
      { kind: 'same', text: 'in ' },
      { kind: 'removed', text: 'Basel.' },
      { kind: 'added', text: 'Basel und Zürich.' },
    ]);
    const join = (kinds: string[]) =>
      parts
        .filter((p) => kinds.includes(p.kind))
        .map((p) => p.text)
        .join('');
    expect(join(['same', 'removed'])).toBe('Wir beraten kleine Firmen in Basel.');
    expect(join(['same', 'added'])).toBe('Wir beraten KMU in Basel und Zürich.');
  });

  it('handles empty texts', () => {
    expect(diffWords('', 'neu')).toEqual([{ kind: 'added', text: 'neu' }]);
    expect(diffWords('alt', '')).toEqual([{ kind: 'removed', text: 'alt' }]);
  });
});
