import { CircleCheck, House, Sparkles } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { RENAMED_ICONS } from '../../shared/site/elementFormat';
import iconSchema from '../../../schemas/values/icon.schema.json';
import { SITE_ICON_NAMES, loadIcons, siteIcon } from './icons';

describe('siteIcon', () => {
  it('answers the icon of a current name, of a name lucide renamed, and Sparkles otherwise, once loaded', async () => {
    await loadIcons(['home', 'check-circle', 'no-such-icon', undefined]);
    // Named as lucide names them (in node, 'lucide-react' itself is its CommonJS build: another object).
    const name = (icon: { displayName?: string }) => icon.displayName;
    expect(name(siteIcon('house'))).toBe(name(House));
    expect(name(siteIcon('home'))).toBe(name(House));
    expect(name(siteIcon('check-circle'))).toBe(name(CircleCheck));
    expect(siteIcon('no-such-icon')).toBe(Sparkles);
    expect(siteIcon(undefined)).toBe(Sparkles);
    expect(siteIcon('constructor')).toBe(Sparkles);
  });

  it('answers a lazy component for an icon not loaded yet, the same each time', () => {
    const later = siteIcon('rocket');
    expect(later).not.toBe(Sparkles);
    expect(siteIcon('rocket')).toBe(later);
  });

  it('ships exactly the icons the schema lists, which the editor offers, and loads each', async () => {
    expect(SITE_ICON_NAMES).toEqual(iconSchema.enum);
    expect(iconSchema['x-enumLabels']).toHaveLength(iconSchema.enum.length);
    await loadIcons(SITE_ICON_NAMES);
    for (const name of SITE_ICON_NAMES) expect(siteIcon(name).displayName).toBeTruthy();
  });

  it('knows every name the element-format migration renames to', () => {
    for (const name of Object.values(RENAMED_ICONS)) expect(SITE_ICON_NAMES).toContain(name);
  });
});
