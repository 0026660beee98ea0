import { describe, expect, it } from 'vitest';
import { collapsedCrumbs } from './Breadcrumbs';

describe('breadcrumbs on a narrow screen', () => {
  it('folds the folders between the root and the parent of the current place', () => {
    // root / current and root / parent / current: nothing to fold.
    expect(collapsedCrumbs(1)).toBeUndefined();
    expect(collapsedCrumbs(2)).toBeUndefined();
    expect(collapsedCrumbs(3)).toBeUndefined();
    // root / a / parent / current: a folds.
    expect(collapsedCrumbs(4)).toEqual({ from: 1, to: 1 });
    expect(collapsedCrumbs(6)).toEqual({ from: 1, to: 3 });
  });
});
