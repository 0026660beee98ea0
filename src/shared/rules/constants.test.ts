import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('constants', () => {
  it('keep the product wording, misspellings included', () => {
    expect(c.FORM_FAILURE).toBe('Absenden fehlgeschalgen!');
    expect(c.CONTACT_SUCCESS).toBe('Anfrage erfolgreicht abgeschickt!');
    expect(c.FORM_SUCCESS).toBe('Formular abgeschickt!');
    expect(c.SUBMIT_LABEL).toBe('Senden');
    expect(c.NOT_FOUND_TEXT).toBe('not found');
    expect(c.EMPTY_LIST_TEXT).toBe('Keine Daten vorhanden...');
  });

  it('match the spec timings and limits', () => {
    expect([c.LIST_PAGE_SIZE, c.SEARCH_DEBOUNCE_MS, c.FILE_PAGE_SIZE, c.FILE_SCROLL_FACTOR, c.OPTION_LIMIT]).toEqual([
      25, 500, 50, 1.2, 500,
    ]);
    expect([c.EDITOR_DEBOUNCE_MS, c.UNDO_DEPTH, c.SESSION_CHECK_DEBOUNCE_MS, c.DELETE_HOLD_MS]).toEqual([
      750, 20, 2000, 2000,
    ]);
    expect([c.PROGRESS_MIN_MS, c.PROGRESS_SUCCESS_RESET_MS, c.UPLOAD_REMOVAL_MS]).toEqual([500, 1000, 5000]);
    expect([c.GALLERY_ROTATION_MS, c.SWARM_REFRESH_MS]).toEqual([5000, 30_000]);
    expect(c.TRACKED_TIME).toEqual({ days: 7, limit: 200, refreshMs: 1000 });
    expect(c.SMOOTH_SCROLL).toEqual({
      lerp: 0.1,
      wheelMultiplier: 1,
      touchMultiplier: 1,
      touchLerp: 0.075,
      velocityResetMs: 400,
    });
  });

  it('have ascending breakpoints with mobile below md', () => {
    const widths = Object.values(c.BREAKPOINTS);
    expect(widths).toEqual([0, 640, 768, 1024, 1280, 1536]);
    expect(Object.keys(c.BREAKPOINTS)).toEqual(['xs', 'sm', 'md', 'lg', 'xl', '2xl']);
    expect(c.MOBILE_BELOW).toBe(768);
  });
});
