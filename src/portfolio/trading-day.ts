/**
 * The trading day: a UTC day that starts at a configurable hour (the daily-loss limit resets
 * then). `resetHourUtc` 0 is UTC midnight; 17 starts each day at 17:00 UTC.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The start (Unix ms) of the trading day holding `nowMs`. */
export function dayStartMs(nowMs: number, resetHourUtc = 0): number {
  if (!Number.isInteger(resetHourUtc) || resetHourUtc < 0 || resetHourUtc > 23) {
    throw new RangeError(`dayStartMs: resetHourUtc must be an integer in [0, 23] (got ${resetHourUtc})`);
  }
  const offset = resetHourUtc * HOUR_MS;
  return Math.floor((nowMs - offset) / DAY_MS) * DAY_MS + offset;
}

/** `YYYY-MM-DD` of the UTC calendar day holding `ms`. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
