import { CircleCheck, House, Sparkles } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { RENAMED_ICONS } from '../../shared/site/elementFormat';
import iconSchema from '../../../schemas/values/icon.schema.json';
import { SITE_ICONS, siteIcon } from './icons';

describe('siteIcon', () => {
  it('answers the icon of a current name, of a name lucide renamed, and Sparkles otherwise', () => {
    expect(siteIcon('house')).toBe(House);
    expect(siteIcon('home')).toBe(House);
    expect(siteIcon('check-circle')).toBe(CircleCheck);
    expect(siteIcon('no-such-icon')).toBe(Sparkles);
    expect(siteIcon(undefined)).toBe(Sparkles);
    expect(siteIcon('constructor')).toBe(Sparkles);
  });

  it('ships exactly the icons the schema lists, which the editor offers', () => {
    expect(Object.keys(SITE_ICONS)).toEqual(iconSchema.enum);
    expect(iconSchema['x-enumLabels']).toHaveLength(iconSchema.enum.length);
  });

  it('knows every name the element-format migration renames to', () => {
    for (const name of Object.values(RENAMED_ICONS)) expect(Object.keys(SITE_ICONS)).toContain(name);
  });
});
