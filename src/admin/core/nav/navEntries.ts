import type { Registry } from '../../../shared/registry';
import { canAccess, navAccess } from '../access';
import { GROUP_ICONS, isNavIcon, type NavIconName } from './icons';
import { screenAccess } from '../../screens/screenAccess';
import type { ScreenSpec } from '../../screens/screens';

export interface NavLink {
  key: string;
  label: string;
  to: string;
  icon: string | undefined;
  group?: string;
  main: boolean;
  order: number;
}

export interface NavGroup {
  name: string;
  icon: NavIconName;
  links: NavLink[];
}

export interface Navigation {
  links: NavLink[];
  groups: NavGroup[];
}

/**
 * The navigation the caller sees (spec sections 2 and 6): one link per model with a nav annotation
 * that the caller may manage, plus the hand-written screens; grouped links also appear in their
 * module group. A model's link leads to its hand-written screen when it has one.
 */
export function navigation(
  registry: Pick<Registry, 'models' | 'model'>,
  permissions: readonly string[],
  screens: readonly ScreenSpec[],
): Navigation {
  const all: NavLink[] = [];
  for (const model of Object.values(registry.models)) {
    if (!model.nav || !canAccess(permissions, navAccess(model))) continue;
    all.push({
      key: `model:${model.name}`,
      label: model.nav.label,
      to: model.customScreen ?? model.route,
      icon: model.nav.icon,
      group: model.nav.group,
      main: true,
      order: model.nav.order,
    });
  }
  for (const screen of screens) {
    if (!screen.nav || !canAccess(permissions, screenAccess(screen, registry))) continue;
    const { label, icon, group, main, order } = screen.nav;
    all.push({ key: `screen:${screen.path}`, label, to: screen.path, icon, group, main, order });
  }
  const byOrder = (a: NavLink, b: NavLink) => a.order - b.order || a.label.localeCompare(b.label);
  all.sort(byOrder);
  const groups = new Map<string, NavLink[]>();
  for (const link of all) if (link.group) groups.set(link.group, [...(groups.get(link.group) ?? []), link]);
  return {
    links: all.filter((link) => link.main),
    groups: [...groups].map(([name, links]) => ({
      name,
      links,
      icon: isNavIcon(GROUP_ICONS[name]) ? GROUP_ICONS[name] : 'Boxes',
    })),
  };
}
