/** The JSON object body of a `/_sim/*` control route; a 400 naming `body` otherwise. */
import { badParameter } from '../../../errors.js';

export function jsonObjectBody(where: string, rawBody: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody === '' ? '{}' : rawBody);
  } catch {
    throw badParameter(where, 'body', 'must be valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badParameter(where, 'body', 'must be a JSON object');
  return parsed as Record<string, unknown>;
}
