// Business constants from the product spec, section 9 (and the texts of sections 2 and 4).

// Browser storage: the admin's login state (shared by every tab of the origin, read by the site's editor links too)
export const ADMIN_LOGIN_KEY = 'baukasten.admin.login';
export const ADMIN_MODULE_KEY = 'baukasten.admin.module';

// Lists and search
export const LIST_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 500;
export const OPTION_LIMIT = 500;

// File browser: children per page, and how far past the viewport the next page loads.
export const FILE_PAGE_SIZE = 50;
export const FILE_SCROLL_FACTOR = 1.2;

// Editor
export const EDITOR_DEBOUNCE_MS = 750;
export const UNDO_DEPTH = 20;

// Timing
export const SESSION_CHECK_DEBOUNCE_MS = 2000;
export const DELETE_HOLD_MS = 2000;
export const PROGRESS_MIN_MS = 500;
export const PROGRESS_SUCCESS_RESET_MS = 1000;
export const UPLOAD_REMOVAL_MS = 5000;
export const GALLERY_ROTATION_MS = 5000;
export const SWARM_REFRESH_MS = 30_000;

// Texts. Two are misspelled on purpose: they are the product's existing wording.
export const SUBMIT_LABEL = 'Senden';
export const FORM_SUCCESS = 'Formular abgeschickt!';
export const FORM_FAILURE = 'Absenden fehlgeschalgen!';
export const CONTACT_SUCCESS = 'Anfrage erfolgreicht abgeschickt!';
export const NOT_FOUND_TEXT = 'not found';
export const EMPTY_LIST_TEXT = 'Keine Daten vorhanden...';

export const SMOOTH_SCROLL = {
  lerp: 0.1,
  wheelMultiplier: 1,
  touchMultiplier: 1,
  touchLerp: 0.075,
  velocityResetMs: 400,
} as const;

export const BREAKPOINTS = {
  xs: 0,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
} as const;

/** Viewports narrower than this (px) get the mobile layout. */
export const MOBILE_BELOW = BREAKPOINTS.md;

/** Time tracking screen: entries of the last `days` days, at most `limit`, live tick every `refreshMs`. */
export const TRACKED_TIME = {
  days: 7,
  limit: 200,
  refreshMs: 1000,
} as const;

/**
 * The longest one tracked-time entry may last, in hours: a longer one is a typo or a timer left running
 * (e.g. 01.01.1900–01.01.2100), refused on save instead of billed.
 */
export const MAX_ENTRY_HOURS = 24;

/**
 * How far in the future a running tracked-time entry may start (ms): a start typed later than that is
 * refused. The leeway is for clocks: "Start tracking" sends the browser's now, which may run a little
 * ahead of the server's.
 */
export const FUTURE_START_LEEWAY_MS = 5 * 60_000;
