/**
 * `POST /api/logging/createEntry` (spec section 7): the diagnostics tool uploads logging frames, one
 * or a batch (up to LOGGING_BATCH_LIMIT, 20 per second of logging). Any logged-in user may upload.
 */
export interface LoggingFrame {
  /** When the values were read (ISO date-time; in persist mode from the bridge's tick). */
  timestamp: string;
  /** The vehicle (17 characters, no I, O or Q). */
  vin: string;
  /** Engine values by key (src/shared/diagnostics/values.ts) plus longitude, latitude, altitude, speed, heading. */
  data: Record<string, number>;
}
export type CreateEntryRequest = LoggingFrame | { frames: LoggingFrame[] };
export interface CreateEntryAnswer {
  /** How many frames were stored. */
  stored: number;
}
export const LOGGING_BATCH_LIMIT = 100;
