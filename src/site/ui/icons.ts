import {
  ArrowLeft,
  ArrowRight,
  ArrowUpRight,
  Award,
  Banknote,
  BookOpen,
  Briefcase,
  Building2,
  Calendar,
  CalendarCheck,
  ChartLine,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  Clock,
  Coffee,
  Compass,
  Download,
  ExternalLink,
  FileText,
  Globe,
  Handshake,
  Heart,
  House,
  Info,
  Laptop,
  Layers,
  Leaf,
  Lightbulb,
  Mail,
  MapPin,
  Menu,
  MessageCircle,
  Phone,
  Play,
  Puzzle,
  Quote,
  Rocket,
  Search,
  Settings,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Star,
  Target,
  TrendingUp,
  User,
  Users,
  X,
  Zap,
  createLucideIcon,
  type LucideIcon,
} from 'lucide-react';
import type { IconValue } from '../../shared/generated/types';
import { RENAMED_ICONS } from '../../shared/site/elementFormat';

// Brand marks are not part of lucide 1.x; these are the former lucide outlines.
const Linkedin = createLucideIcon('linkedin', [
  ['path', { d: 'M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z', key: 'a' }],
  ['rect', { width: '4', height: '12', x: '2', y: '9', key: 'b' }],
  ['circle', { cx: '4', cy: '4', r: '2', key: 'c' }],
]);
const Instagram = createLucideIcon('instagram', [
  ['rect', { width: '20', height: '20', x: '2', y: '2', rx: '5', ry: '5', key: 'a' }],
  ['path', { d: 'M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z', key: 'b' }],
  ['line', { x1: '17.5', x2: '17.51', y1: '6.5', y2: '6.5', key: 'c' }],
]);
const Facebook = createLucideIcon('facebook', [
  ['path', { d: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z', key: 'a' }],
]);
const Youtube = createLucideIcon('youtube', [
  [
    'path',
    {
      d: 'M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17',
      key: 'a',
    },
  ],
  ['path', { d: 'm10 15 5-3-5-3z', key: 'b' }],
]);

/**
 * The icons the public site ships, by lucide name. A visitor's JavaScript budget is 100 kB gzip, so the
 * site bundles this curated set instead of all ~1,600 lucide icons; other names render the fallback.
 * The names are the `enum` of schemas/values/icon.schema.json (the editor's select): typed against it, a
 * name listed there without an icon here, or one here the schema does not list, fails to compile.
 */
export const SITE_ICONS = {
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  'arrow-up-right': ArrowUpRight,
  award: Award,
  banknote: Banknote,
  'book-open': BookOpen,
  briefcase: Briefcase,
  'building-2': Building2,
  calendar: Calendar,
  'calendar-check': CalendarCheck,
  'chart-line': ChartLine,
  check: Check,
  'chevron-down': ChevronDown,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  'circle-check': CircleCheck,
  clock: Clock,
  coffee: Coffee,
  compass: Compass,
  download: Download,
  'external-link': ExternalLink,
  facebook: Facebook,
  'file-text': FileText,
  globe: Globe,
  handshake: Handshake,
  heart: Heart,
  house: House,
  info: Info,
  instagram: Instagram,
  laptop: Laptop,
  layers: Layers,
  leaf: Leaf,
  lightbulb: Lightbulb,
  linkedin: Linkedin,
  mail: Mail,
  'map-pin': MapPin,
  menu: Menu,
  'message-circle': MessageCircle,
  phone: Phone,
  play: Play,
  puzzle: Puzzle,
  quote: Quote,
  rocket: Rocket,
  search: Search,
  settings: Settings,
  'shield-check': ShieldCheck,
  smartphone: Smartphone,
  sparkles: Sparkles,
  star: Star,
  target: Target,
  'trending-up': TrendingUp,
  user: User,
  users: Users,
  x: X,
  youtube: Youtube,
  zap: Zap,
} satisfies Record<IconValue, LucideIcon>;

export type SiteIconName = keyof typeof SITE_ICONS;

const isSiteIcon = (name: string | undefined): name is SiteIconName => !!name && Object.hasOwn(SITE_ICONS, name);

/**
 * The component for a lucide name, also for a name lucide renamed that an older page still stores
 * (the element-format migration's table); Sparkles for names outside the site's set.
 */
export function siteIcon(name: string | undefined): LucideIcon {
  const current = name && Object.hasOwn(RENAMED_ICONS, name) ? RENAMED_ICONS[name] : name;
  return isSiteIcon(current) ? SITE_ICONS[current] : Sparkles;
}
