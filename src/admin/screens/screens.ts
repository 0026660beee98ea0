import type { Permission } from '../../shared/vocabulary';
import type { NavIconName } from '../core/nav/icons';

/** A hand-written admin screen (not generated from a model schema). */
export interface ScreenSpec {
  /** react-router path under the admin. */
  path: string;
  title: string;
  /** Navigation link, when the screen has one. */
  nav?: {
    label: string;
    icon: NavIconName;
    /** Permission needed to see the link (none: every logged-in user). */
    permission?: Permission;
    /** Module group the link appears in. */
    group?: string;
    /** Also a top-level link (spec section 2 "Links"), not only inside its group. */
    main: boolean;
    order: number;
  };
  /** The issue that builds the screen; until then it shows the coming-soon page. */
  comingIn?: string;
}

/**
 * Screens of spec section 2 that are not a generic list or edit page. Until their own issue lands,
 * each shows a clean "coming soon" page inside the layout.
 */
export const SCREENS = {
  dashboard: {
    path: '/_',
    title: 'Home',
    nav: { label: 'Home', icon: 'House', main: true, order: 0 },
  },
  pageDrafts: { path: '/_/pageDrafts', title: 'Pages' },
  pageDraft: { path: '/_/pageDrafts/:id', title: 'Page' },
  layout: { path: '/_/layouts/:id', title: 'Layout' },
  files: { path: '/_/files/*', title: 'Files' },
  file: { path: '/_/file/:id', title: 'File' },
  elements: {
    path: '/_/elements',
    title: 'Elements',
    nav: { label: 'Elements', icon: 'Blocks', permission: 'manage:cms', group: 'CMS', main: false, order: 35 },
  },
  imagePresets: {
    path: '/_/imagePresets',
    title: 'Image Presets',
    nav: { label: 'Image Presets', icon: 'Images', permission: 'manage:cms', group: 'CMS', main: false, order: 36 },
  },
  queues: {
    path: '/_/queues',
    title: 'Queues',
    nav: { label: 'Queues', icon: 'ListTodo', permission: 'manage:backend', main: true, order: 110 },
  },
  swarm: { path: '/_/swarms/:id', title: 'Swarm' },
  mailTemplate: { path: '/_/mailTemplates/:id', title: 'Mail Template' },
  timetracking: { path: '/_/timetracking', title: 'Time tracking' },
  logs: {
    path: '/_/logs',
    title: 'Logs',
    nav: { label: 'Logs', icon: 'Activity', permission: 'manage:backend', main: true, order: 115 },
  },
  simosWeb: { path: '/_/simos-web', title: 'Diagnostics', comingIn: 'the diagnostics tool' },
} as const satisfies Record<string, ScreenSpec>;

export type ScreenName = keyof typeof SCREENS;
