import { describe, expect, it } from 'vitest';
import { afterSave } from './afterSave';

describe('afterSave', () => {
  const sent = { _id: 'c1', _version: 3, name: 'Rhein AG', phone: '+41 61 000 00 00' };
  const saved = { ...sent, _version: 4, _updatedAt: '2026-11-27T12:00:00.000Z' };

  it('shows the saved document when nothing was typed while it saved', () => {
    expect(afterSave({ key: 'c1:3', data: sent, dirty: true }, sent, saved)).toEqual({
      key: 'c1:4',
      data: saved,
      dirty: false,
      base: saved,
    });
    // Equal data in a new object (a re-render) is no edit either.
    expect(afterSave({ data: { ...sent }, dirty: true }, sent, saved).dirty).toBe(false);
  });

  it('keeps what was typed meanwhile on top of the saved version, still unsaved', () => {
    const typed = { ...sent, name: 'Rhein AG Basel', phone: undefined };
    expect(afterSave({ key: 'c1:3', data: typed, dirty: true }, sent, saved)).toEqual({
      key: 'c1:4',
      data: { ...saved, name: 'Rhein AG Basel', phone: undefined },
      dirty: true,
      // What leaving would lose is measured against the saved version.
      base: saved,
    });
  });
});
