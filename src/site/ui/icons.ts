import { lazy } from 'react';
import { Sparkles, type LucideIcon } from 'lucide-react';
import type { IconValue } from '../../shared/generated/types';
import { RENAMED_ICONS } from '../../shared/site/elementFormat';

/**
 * The icons the public site ships, by lucide name, each its own chunk: a page loads the ones its elements
 * show (`loadIcons`, before it hydrates), not the whole set (a visitor's JavaScript budget is 100 kB gzip,
 * and the site offers this curated set instead of all ~1,600 lucide icons; other names render the
 * fallback). The names are the `enum` of schemas/values/icon.schema.json (the editor's select): typed
 * against it, a name listed there without an icon here, or one here the schema does not list, fails to compile.
 */
const LOADERS = {
  'arrow-left': () => import('lucide-react/icons/arrow-left'),
  'arrow-right': () => import('lucide-react/icons/arrow-right'),
  'arrow-up-right': () => import('lucide-react/icons/arrow-up-right'),
  award: () => import('lucide-react/icons/award'),
  banknote: () => import('lucide-react/icons/banknote'),
  'book-open': () => import('lucide-react/icons/book-open'),
  briefcase: () => import('lucide-react/icons/briefcase'),
  'building-2': () => import('lucide-react/icons/building-2'),
  calendar: () => import('lucide-react/icons/calendar'),
  'calendar-check': () => import('lucide-react/icons/calendar-check'),
  'chart-line': () => import('lucide-react/icons/chart-line'),
  check: () => import('lucide-react/icons/check'),
  'chevron-down': () => import('lucide-react/icons/chevron-down'),
  'chevron-left': () => import('lucide-react/icons/chevron-left'),
  'chevron-right': () => import('lucide-react/icons/chevron-right'),
  'circle-check': () => import('lucide-react/icons/circle-check'),
  clock: () => import('lucide-react/icons/clock'),
  coffee: () => import('lucide-react/icons/coffee'),
  compass: () => import('lucide-react/icons/compass'),
  download: () => import('lucide-react/icons/download'),
  'external-link': () => import('lucide-react/icons/external-link'),
  facebook: () => import('./brandIcons').then((icons) => ({ default: icons.Facebook })),
  'file-text': () => import('lucide-react/icons/file-text'),
  globe: () => import('lucide-react/icons/globe'),
  handshake: () => import('lucide-react/icons/handshake'),
  heart: () => import('lucide-react/icons/heart'),
  house: () => import('lucide-react/icons/house'),
  info: () => import('lucide-react/icons/info'),
  instagram: () => import('./brandIcons').then((icons) => ({ default: icons.Instagram })),
  laptop: () => import('lucide-react/icons/laptop'),
  layers: () => import('lucide-react/icons/layers'),
  leaf: () => import('lucide-react/icons/leaf'),
  lightbulb: () => import('lucide-react/icons/lightbulb'),
  linkedin: () => import('./brandIcons').then((icons) => ({ default: icons.Linkedin })),
  mail: () => import('lucide-react/icons/mail'),
  'map-pin': () => import('lucide-react/icons/map-pin'),
  menu: () => import('lucide-react/icons/menu'),
  'message-circle': () => import('lucide-react/icons/message-circle'),
  phone: () => import('lucide-react/icons/phone'),
  play: () => import('lucide-react/icons/play'),
  puzzle: () => import('lucide-react/icons/puzzle'),
  quote: () => import('lucide-react/icons/quote'),
  rocket: () => import('lucide-react/icons/rocket'),
  search: () => import('lucide-react/icons/search'),
  settings: () => import('lucide-react/icons/settings'),
  'shield-check': () => import('lucide-react/icons/shield-check'),
  smartphone: () => import('lucide-react/icons/smartphone'),
  // The fallback for unknown names (below) is in the site's code already.
  sparkles: () => Promise.resolve({ default: Sparkles }),
  star: () => import('lucide-react/icons/star'),
  target: () => import('lucide-react/icons/target'),
  'trending-up': () => import('lucide-react/icons/trending-up'),
  user: () => import('lucide-react/icons/user'),
  users: () => import('lucide-react/icons/users'),
  x: () => import('lucide-react/icons/x'),
  youtube: () => import('./brandIcons').then((icons) => ({ default: icons.Youtube })),
  zap: () => import('lucide-react/icons/zap'),
} satisfies Record<IconValue, () => Promise<{ default: LucideIcon }>>;

export type SiteIconName = keyof typeof LOADERS;

/** Every name the site ships, in the schema's order. */
export const SITE_ICON_NAMES = Object.keys(LOADERS) as SiteIconName[];

export const isSiteIcon = (name: string | undefined): name is SiteIconName => !!name && Object.hasOwn(LOADERS, name);

/** The current lucide name of `name`: an older page may store one lucide renamed since (the element-format migration's table). */
const currentName = (name: string | undefined) =>
  name && Object.hasOwn(RENAMED_ICONS, name) ? RENAMED_ICONS[name] : name;

const loaded = new Map<SiteIconName, LucideIcon>();
const loading = new Map<SiteIconName, Promise<void>>();
const lazies = new Map<SiteIconName, LucideIcon>();

function load(name: SiteIconName): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = LOADERS[name]().then((icon) => {
      loaded.set(name, icon.default);
    });
    loading.set(name, pending);
  }
  return pending;
}

/** Loads the icons of these names (old names too; names outside the set need nothing: they show the fallback). */
export async function loadIcons(names: Iterable<string | undefined>): Promise<void> {
  const wanted = new Set([...names].map(currentName).filter(isSiteIcon));
  await Promise.all([...wanted].map(load));
}

/**
 * The component for a lucide name (also an old name lucide renamed); Sparkles for names outside the site's
 * set. An icon not loaded yet (a story, an element added in the editor) comes lazily, through Suspense.
 */
export function siteIcon(name: string | undefined): LucideIcon {
  const current = currentName(name);
  if (!isSiteIcon(current)) return Sparkles;
  const icon = loaded.get(current);
  if (icon) return icon;
  let later = lazies.get(current);
  if (!later) {
    later = lazy(() => load(current).then(() => ({ default: loaded.get(current)! }))) as unknown as LucideIcon;
    lazies.set(current, later);
  }
  return later;
}
