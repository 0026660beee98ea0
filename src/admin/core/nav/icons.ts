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

/**
 * The icons navigation entries may name (`x-admin.nav.icon` in the schemas, and the hand-written
 * screens). Importing them one by one keeps the bundle small; a test checks that every icon a schema
 * names is here, and an unknown name falls back to a neutral icon rather than breaking the rail.
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
} as const satisfies Record<string, LucideIcon>;

export type NavIconName = keyof typeof NAV_ICONS;

export function isNavIcon(name: string | undefined): name is NavIconName {
  return name !== undefined && Object.hasOwn(NAV_ICONS, name);
}

export function navIcon(name: string | undefined): LucideIcon {
  return isNavIcon(name) ? NAV_ICONS[name] : Boxes;
}

/** Icon of each module group of the spec; other groups get the neutral icon. */
export const GROUP_ICONS: Record<string, NavIconName> = { CMS: 'LayoutGrid', Payment: 'Wallet', Kassen: 'Store' };
