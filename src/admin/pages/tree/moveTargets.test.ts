import { describe, expect, it } from 'vitest';
import type { PageTreeNode } from '../../../shared/api/pages';
import { lineOf, matchesFilter, moveTargets, parentOf } from './moveTargets';

const page = (id: string, name: string, path: string, children: PageTreeNode[] = []): PageTreeNode => ({
  _id: id,
  name,
  _path: path,
  published: false,
  changed: true,
  children,
});

const contact = page('contact', 'Kontakt', '/Kontakt', [page('route', 'Anfahrt', '/Kontakt/Anfahrt')]);
const about = page('about', 'Über uns', '/Über-uns', [page('team', 'Team', '/Über-uns/Team')]);
const tree = [page('home', 'Home', '/', [contact, about])];
const places = (moving: PageTreeNode) =>
  moveTargets(tree, moving).map(
    ({ id, depth, current, takenBy }) =>
      `${'  '.repeat(depth)}${id ?? 'top'}${current ? ' *' : ''}${takenBy ? ` (${takenBy} is there)` : ''}`,
  );

describe('where a page can move', () => {
  it('offers the top level and every page but itself and those below it, in tree order, marking where it is', () => {
    // The top level holds one page (the root, /): while Home is there, it is shown but taken.
    expect(places(contact)).toEqual(['top (Home is there)', '  home *', '    about', '      team']);
    expect(places(about.children[0])).toEqual([
      'top (Home is there)',
      '  home',
      '    contact',
      '      route',
      '    about *',
    ]);
    expect(places(tree[0])).toEqual(['top *']);
    expect(moveTargets([], contact)[0]).toMatchObject({ id: null, current: false, takenBy: undefined });
  });

  it('finds the parent of a page and the pages above it', () => {
    expect(parentOf(tree, 'home')).toBeNull();
    expect(parentOf(tree, 'team')).toBe('about');
    expect(parentOf(tree, 'gone')).toBeUndefined();
    expect(lineOf(tree, 'team')).toEqual(['home', 'about', 'team']);
    expect(lineOf(tree, 'gone')).toEqual([]);
  });

  it('filters by the words of the name or the path, accents and case aside', () => {
    const [top, , , team] = moveTargets(tree, contact);
    expect(matchesFilter(team, 'uber team')).toBe(true);
    expect(matchesFilter(team, 'ÜBER')).toBe(true);
    expect(matchesFilter(team, 'kontakt')).toBe(false);
    expect(matchesFilter(top, 'top')).toBe(true);
  });
});
