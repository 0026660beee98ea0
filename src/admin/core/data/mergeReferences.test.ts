import { describe, expect, it } from 'vitest';
import { mergeReferences } from './mergeReferences';

describe('mergeReferences', () => {
  it('names each document once, and counts hidden uses per model by the largest count of one file', () => {
    const home = { model: 'page', id: 'h', name: 'Home', path: '/' };
    const layout = { model: 'layout', id: 'l', name: 'Standard' };
    expect(
      mergeReferences([
        { references: [home], hidden: [{ model: 'page', count: 1 }] },
        {
          references: [home, layout],
          hidden: [
            { model: 'page', count: 2 },
            { model: 'pageDraft', count: 1 },
          ],
        },
      ]),
    ).toEqual({
      references: [home, layout],
      hidden: [
        { model: 'page', count: 2 },
        { model: 'pageDraft', count: 1 },
      ],
    });
    expect(mergeReferences([])).toEqual({ references: [], hidden: [] });
  });
});
