import type { Permission } from '../../shared/vocabulary';
import type { NavIconName } from '../core/nav/icons';

/** A hand-written admin screen (not generated from a model schema). */
export interface ScreenSpec {
  /** react-router path under the admin. */
  path: string;
  title: string;
  /**
   * Permission needed to open the screen and to see its link (none: every logged-in user). Without it
   * the route shows the not-found state, as a model's list does for a model the caller may not read.
   */
  permission?: Permission;
  /**
   * The model whose documents the screen shows (the pages, the files): without `permission`, the screen needs
   * what the model's navigation link needs (`navAccess`, from its schema's `x-permission`), and a model the
   * caller's schemas lack shows the not-found state.
   */
  model?: string;
  /** Navigation link, when the screen has one. */
  nav?: {
    label: string;
    icon: NavIconName;
    /** Module group the link appears in. */
    group?: string;
    /** Also a top-level link (spec section 2 "Links"), not only inside its group. */
    main: boolean;
    order: number;
  };
}

/** Screens of spec section 2 that are not a generic list or edit page (their components: AdminApp.tsx). */
export const SCREENS = {
  dashboard: {
    path: '/_',
    title: 'Home',
    nav: { label: 'Home', icon: 'House', main: true, order: 0 },
  },
  pageDrafts: { path: '/_/pageDrafts', title: 'Pages', model: 'pageDraft' },
  pageDraft: { path: '/_/pageDrafts/:id', title: 'Page', model: 'pageDraft' },
  layout: { path: '/_/layouts/:id', title: 'Layout', model: 'layout' },
  files: { path: '/_/files/*', title: 'Files', model: 'file' },
  file: { path: '/_/file/:id', title: 'File', model: 'file' },
  elements: {
    path: '/_/elements',
    title: 'Elements',
    permission: 'manage:cms',
    nav: { label: 'Elements', icon: 'Blocks', group: 'CMS', main: false, order: 35 },
  },
  imagePresets: {
    path: '/_/imagePresets',
    title: 'Image Presets',
    permission: 'manage:cms',
    nav: { label: 'Image Presets', icon: 'Images', group: 'CMS', main: false, order: 36 },
  },
  queues: {
    path: '/_/queues',
    title: 'Queues',
    permission: 'manage:backend',
    nav: { label: 'Queues', icon: 'ListTodo', main: true, order: 110 },
  },
  swarm: { path: '/_/swarms/:id', title: 'Swarm', model: 'swarm' },
  mailTemplate: { path: '/_/mailTemplates/:id', title: 'Mail Template', model: 'mailTemplate' },
  // No `model`: without manage:payment the screen still opens and names the permission it needs.
  timetracking: { path: '/_/timetracking', title: 'Time tracking' },
  logs: {
    path: '/_/logs',
    title: 'Logs',
    permission: 'manage:backend',
    nav: { label: 'Logs', icon: 'Activity', main: true, order: 115 },
  },
} as const satisfies Record<string, ScreenSpec>;

export type ScreenName = keyof typeof SCREENS;
