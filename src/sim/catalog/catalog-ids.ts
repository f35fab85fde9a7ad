/** Identifier, slug and date helpers of the synthetic catalog (all derived from a SimRng). */
import { toBase64UrlPadded } from '../../venue/signer.js';
import type { SimRng } from '../rng.js';

/** Default origin of all catalog dates: 2025-01-01T00:00:00Z. Never the wall clock. */
export const DEFAULT_EPOCH_MS = Date.UTC(2025, 0, 1);

export const DAY_MS = 86_400_000;

/** `0x` + 64 hex: condition, question and neg-risk ids. */
export function hash32(rng: SimRng): string {
  return `0x${rng.hex(64)}`;
}

/** `0x` + 40 hex: wallet and contract addresses (lowercase; checksum casing is not applied). */
export function address(rng: SimRng): string {
  return `0x${rng.hex(40)}`;
}

/** An API secret: 32 random bytes as base64url ('=' padding kept, as the signer accepts). */
export function apiSecret(rng: SimRng): string {
  return toBase64UrlPadded(rng.bytes(32));
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** ISO time at `offsetMs` from the catalog epoch, truncated to whole seconds. */
export function isoAt(epochMs: number, offsetMs: number): string {
  return new Date(Math.floor((epochMs + offsetMs) / 1000) * 1000).toISOString();
}

/** Ticker: upper-case initials of the words, e.g. "Who will win X" -> "WWWX". */
export function tickerOf(title: string, suffix: string): string {
  const initials = title
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, '').charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 8);
  return `${initials}-${suffix}`;
}

export const IMAGE_BASE = 'https://img.sim.makerd.invalid';

export function imageUrl(kind: string, id: string): string {
  return `${IMAGE_BASE}/${kind}/${id}.png`;
}

/** Reward-token (collateral) address quoted in rewards rates. */
export const REWARD_ASSET_ADDRESS = '0x2791bca1f2de4661ed88a30c99a7a9449aa84174';
