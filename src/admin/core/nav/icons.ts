import {
  Activity,
  ArrowLeftRight,
  Blocks,
  Boxes,
  Building2,
  ClipboardList,
  FileText,
  Folder,
  Handshake,
  House,
  Images,
  Inbox,
  LayoutGrid,
  LayoutTemplate,
  ListTodo,
  Mail,
  Receipt,
  ReceiptText,
  Server,
  ShieldCheck,
  Signpost,
  Store,
  Timer,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../../shared/vocabulary';

/**
 * The components of the icons schemas may name (ICON_NAMES in the vocabulary, which Ajv holds them to)
 * and the hand-written screens use. Importing them one by one keeps the bundle small; the type keeps
 * this map and the vocabulary's list equal.
 */
export const NAV_ICONS = {
  Activity,
  ArrowLeftRight,
  Blocks,
  Boxes,
  Building2,
  ClipboardList,
  FileText,
  Folder,
  Handshake,
  House,
  Images,
  Inbox,
  LayoutGrid,
  LayoutTemplate,
  ListTodo,
  Mail,
  Receipt,
  ReceiptText,
  Server,
  ShieldCheck,
  Signpost,
  Store,
  Timer,
  Users,
  Wallet,
  Wrench,
} as const satisfies Record<IconName, LucideIcon>;

export type NavIconName = keyof typeof NAV_ICONS;

export function isNavIcon(name: string | undefined): name is NavIconName {
  return name !== undefined && Object.hasOwn(NAV_ICONS, name);
}

export function navIcon(name: string | undefined): LucideIcon {
  return isNavIcon(name) ? NAV_ICONS[name] : Boxes;
}

/** Icon of each module group of the spec; other groups get the neutral icon. */
export const GROUP_ICONS: Record<string, NavIconName> = { CMS: 'LayoutGrid', Payment: 'Wallet', Kassen: 'Store' };
