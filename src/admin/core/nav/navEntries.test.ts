import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../shared/registry';
import { schemaSet } from '../../../shared/generated/schemas';
import { SCREENS } from '../../screens/screens';
import { isNavIcon } from './icons';
import { navigation } from './navEntries';

const registry = createRegistry(schemaSet);
const screens = Object.values(SCREENS);
const labels = (permissions: string[]) => {
  const nav = navigation(registry, permissions, screens);
  return {
    main: nav.links.map((l) => l.label),
    groups: Object.fromEntries(nav.groups.map((g) => [g.name, g.links.map((l) => l.label)])),
  };
};

describe('navigation from the schemas (spec sections 2 and 6)', () => {
  it('gives an accountant the payment links and the Kassen links, nothing of CMS or backend', () => {
    const { main, groups } = labels(['manage:payment']);
    expect(main).toEqual(
      expect.arrayContaining(['Home', 'Clients', 'Invoices', 'Transactions', 'Time tracking', 'Point of sales']),
    );
    expect(main).not.toEqual(expect.arrayContaining(['Pages']));
    for (const hidden of ['Pages', 'Files', 'Layouts', 'Users', 'Queues', 'Redirects'])
      expect(main).not.toContain(hidden);
    expect(Object.keys(groups)).toEqual(['Payment', 'Kassen']);
    expect(groups.Payment).toEqual(['Clients', 'Invoices', 'Transactions']);
  });

  it('gives staff the CMS module with its hand-written screens, and links lead to custom screens', () => {
    const nav = navigation(registry, ['manage:cms', 'manage:files'], screens);
    expect(nav.groups.find((g) => g.name === 'CMS')?.links.map((l) => l.label)).toEqual([
      'Pages',
      'Files',
      'Layouts',
      'Elements',
      'Image Presets',
    ]);
    expect(nav.links.find((l) => l.label === 'Files')?.to).toBe('/_/files');
    expect(nav.links.find((l) => l.label === 'Pages')?.to).toBe('/_/pageDrafts');
    expect(nav.links.map((l) => l.label)).not.toContain('Clients');
  });

  it('names only icons the rail knows', () => {
    for (const model of Object.values(registry.models))
      if (model.nav && model.nav.icon) expect(isNavIcon(model.nav.icon), `${model.name}: ${model.nav.icon}`).toBe(true);
  });
});
