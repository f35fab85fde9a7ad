/**
 * `Retry-After` (RFC 9110 section 10.2.3): either delay-seconds or an HTTP date. Returns
 * milliseconds to wait, or undefined when the header is absent or unreadable.
 */
export function parseRetryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
