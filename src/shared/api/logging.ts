/**
 * `POST /api/logging/createEntry` (spec section 7): the diagnostics tool uploads logging frames, one
 * or a batch (up to LOGGING_BATCH_LIMIT, 20 per second of logging). Any logged-in user may upload.
 */
export interface LoggingFrame {
  /**
   * When the values were read (ISO date-time; in persist mode from the bridge's tick). From the year 2000 on, and
   * at most LOGGING_TIMESTAMP_AHEAD_MS past the server's clock: another answers 400 naming `timestamp` (a device
   * whose clock is wrong would file its frames under a session nobody looks for).
   */
  timestamp: string;
  /** The vehicle (17 characters, no I, O or Q). */
  vin: string;
  /** Engine values by key (src/shared/diagnostics/values.ts) plus longitude, latitude, altitude, speed, heading. */
  data: Record<string, number>;
  /**
   * Optional client frame id (e.g. a UUID made when the frame was read). A frame re-sent with an id the
   * server already stored for the same user is not stored twice (it counts as `duplicates`).
   */
  frameId?: string;
}
/** A frame carries no `_id` (the server gives it; a re-sent frame is recognised by its `frameId`): one answers 400. */
export type CreateEntryRequest = LoggingFrame | { frames: LoggingFrame[] };
export interface CreateEntryAnswer {
  /** How many frames were stored. */
  stored: number;
  /** How many frames of the request had been stored before (same frameId), so were skipped. */
  duplicates?: number;
}
export const LOGGING_BATCH_LIMIT = 100;
/** How far past the server's clock a frame's timestamp may be (clocks differ a little, time zones are in the ISO text). */
export const LOGGING_TIMESTAMP_AHEAD_MS = 24 * 60 * 60 * 1000;
/** The earliest timestamp a frame may have: before it, the device's clock was not set (1970, the epoch). */
export const LOGGING_TIMESTAMP_EARLIEST = '2000-01-01T00:00:00.000Z';
/** Largest createEntry body in bytes; a larger one answers 400 `{ error }` naming the body. */
export const LOGGING_BODY_LIMIT_BYTES = 512 * 1024;
/** Frames of one VIN further apart than this start a new logging session (issue 11). */
export const LOGGING_SESSION_GAP_MS = 60_000;
/** Keys of the GPS position inside `data`. */
export const LOGGING_POSITION_KEYS = ['longitude', 'latitude', 'altitude', 'speed', 'heading'] as const;

/** `GET /api/logging/sessions` (back office, `read` permission of loggingFrame): newest first. */
export interface LogSession {
  /** Stable id of the session: `<vin>~<first frame's ISO timestamp>`. */
  id: string;
  vin: string;
  /** First and last frame (ISO date-time). */
  start: string;
  end: string;
  frames: number;
  /** Largest value of each data key over the session. */
  max: Record<string, number>;
  /**
   * Smallest value of each data key over the session (where the low side matters: knock retard is ≤ 0 and
   * the worst is the most negative).
   */
  min: Record<string, number>;
}
export interface LogSessionsAnswer {
  sessions: LogSession[];
}

/**
 * `GET /api/logging/frames?session=<id>` : one session's frames in columns for charts (uPlot's layout):
 * `time` in seconds since the epoch (fractional), one array per data key, `null` where a frame lacks the key.
 */
export interface LogFramesAnswer {
  session: LogSession;
  time: number[];
  columns: Record<string, (number | null)[]>;
}

/** `GET /api/logging/export.csv?session=<id>`: the session as CSV, one column per value (SimosTools layout). */
export const LOGGING_URLS = {
  createEntry: '/api/logging/createEntry',
  sessions: '/api/logging/sessions',
  frames: '/api/logging/frames',
  exportCsv: '/api/logging/export.csv',
} as const;
