/**
 * Request signing of venue-api.md section 5 / design.md section 3:
 *   signature = base64url( HMAC-SHA256( key, timestamp + METHOD + path + body ) ), '=' padding kept
 * where key is the secret decoded from base64 or base64url, path never carries the query string,
 * and body (the exact bytes sent) takes part only when there is one.
 *
 * The HMAC is keyed once per secret: the inner and outer SHA-256 states after absorbing the
 * padded key are kept and cloned for each request, which saves two compression rounds and all
 * key handling per signature; the states after a message's first two blocks are kept as well, for
 * the next message that starts with the same blocks.
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
/** The incremental SHA-256 the HMAC keys: the type parameter noble's _HMAC needs. */
type Sha256 = ReturnType<typeof sha256.create>;
import { sha256 } from '@noble/hashes/sha2.js';

const B64_RE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes a base64 or base64url secret; rejects anything else without echoing it. */
export function decodeSecret(secret: string): Uint8Array {
  const trimmed = secret.trim();
  if (trimmed === '' || !B64_RE.test(trimmed)) {
    throw new Error('venue secret is not base64 or base64url text');
  }
  // Buffer's base64 decoder accepts both alphabets.
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length === 0) throw new Error('venue secret decodes to zero bytes');
  return new Uint8Array(key);
}

/** Bytes as base64url text, keeping the '=' padding (Node's 'base64url' encoder drops it). */
export function toBase64UrlPadded(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
  const pad = (4 - (text.length % 4)) % 4;
  return pad === 0 ? text : text + '='.repeat(pad);
}

export interface SignInput {
  /** Milliseconds since the epoch, as sent in the timestamp header. */
  readonly timestamp: string;
  /** HTTP method exactly as sent (upper case for real requests). */
  readonly method: string;
  /** Path only; a query string, if given, is cut off before signing. */
  readonly path: string;
  /** Exact body text sent, or undefined/null when the request has none. */
  readonly body?: string | null | undefined;
}

/** SHA-256's block: the HMAC state after a message's first blocks can be reused for the next message with the same first blocks. */
const BLOCK = 64;
/**
 * How many leading blocks are kept with their states. An order's first block holds the timestamp,
 * the method, the path and the start of its token id; the second the rest of the token id and its
 * side: the orders of one token and side signed in one millisecond share both.
 */
const HEAD_BLOCKS = 2;
const encoder = new TextEncoder();

export class RequestSigner {
  readonly #keyed: _HMAC<Sha256>;
  #scratch: _HMAC<Sha256> | undefined;
  readonly #out = new Uint8Array(32);
  /** The same bytes as #out, for base64 without a Buffer per signature. */
  readonly #outText = Buffer.from(this.#out.buffer, this.#out.byteOffset, this.#out.byteLength);
  /** Reused UTF-8 buffer for the message; grows when a message does not fit. */
  #text = Buffer.allocUnsafe(1024);
  /**
   * The first blocks of the last message that had them (up to HEAD_BLOCKS), and the keyed state
   * after each: a message that starts with the same blocks starts from that state and hashes those
   * blocks no more. Same bytes, same state: the signature is unchanged.
   */
  readonly #head = Buffer.alloc(HEAD_BLOCKS * BLOCK);
  readonly #headStates: (_HMAC<Sha256> | undefined)[] = new Array(HEAD_BLOCKS).fill(undefined);
  /** How many blocks of #head (and states) are valid. */
  #headBlocks = 0;

  constructor(secret: string) {
    this.#keyed = hmac.create(sha256, decodeSecret(secret));
  }

  sign(input: SignInput): string {
    const q = input.path.indexOf('?');
    const path = q === -1 ? input.path : input.path.slice(0, q);
    const n = this.#encode(input.timestamp + input.method + path + (input.body ?? ''));
    const text = this.#text;
    // Whole blocks before the message's last byte that can start from a kept state.
    const usable = Math.min(HEAD_BLOCKS, Math.floor((n - 1) / BLOCK));
    let same = 0;
    while (
      same < usable &&
      same < this.#headBlocks &&
      text.compare(this.#head, same * BLOCK, (same + 1) * BLOCK, same * BLOCK, (same + 1) * BLOCK) === 0
    )
      same++;
    if (same < usable) {
      for (let b = same; b < usable; b++) {
        const from = b === 0 ? this.#keyed : this.#headStates[b - 1]!;
        const state = from._cloneInto(this.#headStates[b]);
        state.update(text.subarray(b * BLOCK, (b + 1) * BLOCK));
        this.#headStates[b] = state;
      }
      text.copy(this.#head, same * BLOCK, same * BLOCK, usable * BLOCK);
      this.#headBlocks = usable;
    }
    // Reuse one scratch instance: signing is synchronous, so it cannot be shared mid-use.
    const mac = (usable === 0 ? this.#keyed : this.#headStates[usable - 1]!)._cloneInto(this.#scratch);
    mac.update(text.subarray(usable * BLOCK, n));
    this.#scratch = mac;
    mac.digestInto(this.#out);
    // 32 bytes are 43 base64 characters and one '=' of padding.
    return `${this.#outText.toString('base64url')}=`;
  }

  /** Writes the message as UTF-8 into #text (grown when it does not fit) and returns its length. */
  #encode(message: string): number {
    // encodeInto stops before a character that does not fit: then size the buffer and write again.
    const first = encoder.encodeInto(message, this.#text);
    if (first.read === message.length) return first.written;
    this.#text = Buffer.allocUnsafe(Math.max(2 * this.#text.length, Buffer.byteLength(message, 'utf8')));
    return encoder.encodeInto(message, this.#text).written;
  }

  /** Never let the secret-derived state print. */
  toJSON(): string {
    return '[RequestSigner]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[RequestSigner]';
  }
}

/** Keyed signers by secret for signRequest; a handful of accounts at most, oldest dropped first. */
const keyedBySecret = new Map<string, RequestSigner>();
const MAX_KEYED = 8;

/**
 * One-shot form of RequestSigner#sign for callers that hold a secret rather than a signer. The
 * HMAC is still keyed once per secret: the keyed signer is kept for the next call.
 */
export function signRequest(secret: string, input: SignInput): string {
  let signer = keyedBySecret.get(secret);
  if (signer === undefined) {
    signer = new RequestSigner(secret);
    if (keyedBySecret.size >= MAX_KEYED) keyedBySecret.delete(keyedBySecret.keys().next().value!);
    keyedBySecret.set(secret, signer);
  }
  return signer.sign(input);
}
