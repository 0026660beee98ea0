import { describe, expect, it } from 'vitest';
import type { FileReference, HiddenFileUses } from '../core/data/files';
import { usageLines } from './usage';

const uses = (references: FileReference[], hidden: HiddenFileUses[] = []) => ({ references, hidden });

describe('usageLines', () => {
  it('names pages, drafts of other pages and layouts, each by name', () => {
    expect(
      usageLines(
        uses([
          { model: 'page', id: 'h', name: 'Home', path: '/' },
          { model: 'page', id: 'a', name: 'Angebot', path: '/Angebot' },
          { model: 'pageDraft', id: 'h', name: 'Home', path: '/' },
          { model: 'pageDraft', id: 'e', name: 'Entwurf', path: '/Entwurf' },
          { model: 'layout', id: 'l', name: 'Standard' },
        ]),
      ),
    ).toEqual(['Used on 2 pages: Angebot, Home', 'In 1 draft: Entwurf', 'In 1 layout: Standard']);
  });

  it("names other models' documents with the fields that hold the file, one line per model", () => {
    expect(
      usageLines(
        uses([
          { model: 'page', id: 'h', name: 'Home', path: '/' },
          { model: 'siteConfig', id: 's', name: 'Baukasten', label: 'Site Configuration', fields: ['Favicon URL'] },
          { model: 'user', id: 'u2', name: 'marco', label: 'User', fields: ['Avatar › Image file'] },
          { model: 'user', id: 'u1', name: '', label: 'User', fields: ['Avatar › Image file'] },
        ]),
      ),
    ).toEqual([
      'Used on 1 page: Home',
      'In 1 site configuration: Baukasten (Favicon URL)',
      'In 2 users: marco (Avatar › Image file), u1 (Avatar › Image file)',
    ]);
  });

  it('says nothing when nothing uses the file', () => {
    expect(usageLines(uses([]))).toEqual([]);
    expect(usageLines(uses([{ model: 'pageDraft', id: 'x', name: '', path: '/Neu' }]))).toEqual(['In 1 draft: /Neu']);
  });

  it('counts the uses the user may not open, after the named ones, without naming them', () => {
    expect(usageLines(uses([], [{ model: 'page', count: 1 }]))).toEqual(['Used on 1 page you may not open']);
    expect(
      usageLines(
        uses(
          [{ model: 'page', id: 'h', name: 'Home', path: '/' }],
          [
            { model: 'page', count: 2 },
            { model: 'pageDraft', count: 1 },
            { model: 'layout', count: 3 },
          ],
        ),
      ),
    ).toEqual(['Used on 1 page: Home', 'Also used on 2 pages, 1 draft and 3 layouts you may not open']);
    expect(usageLines(uses([], [{ model: 'layout', count: 0 }]))).toEqual([]);
  });
});
