/**
 * /status's `venue`: where the orders go, in words an operator reads (`embedded-simulator` for
 * venue.mode sim, `live` for venue.mode live), and its URL shown without user info, query or
 * fragment, which may carry a credential.
 */

/** `embedded-simulator`: venue.mode sim (the simulator makerd started); `live`: venue.mode live. */
export type VenueKind = 'embedded-simulator' | 'live';

export interface VenueStatus {
  readonly kind: VenueKind;
  /** Where requests go; null before the venue is opened (the simulator's port is known then). */
  readonly baseUrl: string | null;
}

/** venue.mode in the words /status uses. */
export function venueKind(mode: 'sim' | 'live'): VenueKind {
  return mode === 'sim' ? 'embedded-simulator' : 'live';
}

/** A URL fit to show: no user info, query or fragment (they may carry a credential); null when unparsable or empty. */
export function publicUrl(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return null;
  }
}
