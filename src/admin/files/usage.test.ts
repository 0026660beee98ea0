import { describe, expect, it } from 'vitest';
import { usageLines } from './usage';

describe('usageLines', () => {
  it('names pages, drafts of other pages and layouts, each by name', () => {
    expect(
      usageLines([
        { model: 'page', id: 'h', name: 'Home', path: '/' },
        { model: 'page', id: 'a', name: 'Angebot', path: '/Angebot' },
        { model: 'pageDraft', id: 'h', name: 'Home', path: '/' },
        { model: 'pageDraft', id: 'e', name: 'Entwurf', path: '/Entwurf' },
        { model: 'layout', id: 'l', name: 'Standard' },
      ]),
    ).toEqual(['Used on 2 pages: Angebot, Home', 'In 1 draft: Entwurf', 'In 1 layout: Standard']);
  });

  it('says nothing when nothing uses the file', () => {
    expect(usageLines([])).toEqual([]);
    expect(usageLines([{ model: 'pageDraft', id: 'x', name: '', path: '/Neu' }])).toEqual(['In 1 draft: /Neu']);
  });
});
