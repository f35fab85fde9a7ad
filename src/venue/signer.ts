/**
 * Request signing of venue-api.md section 5 / design.md section 3:
 *   signature = base64url( HMAC-SHA256( key, timestamp + METHOD + path + body ) ), '=' padding kept
 * where key is the secret decoded from base64 or base64url, path never carries the query string,
 * and body (the exact bytes sent) takes part only when there is one.
 *
 * The HMAC is keyed once per secret: the inner and outer SHA-256 states after absorbing the
 * padded key are kept (eight words each) and loaded for each request, which saves two compression
 * rounds and all key handling per signature; the states after a message's first two blocks are
 * kept as well, for the next message that starts with the same blocks. The hashing is noble's
 * SHA-256 compression, one block at a time straight from the signer's own buffer
 * (sha256-blocks.ts); the HMAC construction and SHA-256's padding around it are written here.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { STATE_WORDS, Sha256Blocks } from './sha256-blocks.js';

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

/** SHA-256's block. */
const BLOCK = 64;
/**
 * How many leading blocks are kept with the states after them. An order's first block holds the
 * timestamp, the method, the path and the start of its token id; the second the rest of the token
 * id and its side: the orders of one token and side signed in one millisecond share both.
 */
const HEAD_BLOCKS = 2;
/** What SHA-256's padding adds at most after a message: 0x80, zeros, the 8-byte length. */
const PAD_ROOM = BLOCK + 8;
/** Where the states are kept in #states: the keyed inner and outer states, then one after each head block. */
const INNER = 0;
const OUTER = STATE_WORDS;
const afterHead = (blocks: number): number => (blocks === 0 ? INNER : (1 + blocks) * STATE_WORDS);
const encoder = new TextEncoder();

export class RequestSigner {
  readonly #sha = new Sha256Blocks();
  /** State words (see INNER, OUTER, afterHead). */
  readonly #states = new Int32Array((2 + HEAD_BLOCKS) * STATE_WORDS);
  /** Reused buffer for the message and its padding; grows when a message does not fit. */
  #text = Buffer.allocUnsafe(1024);
  #view = new DataView(this.#text.buffer, this.#text.byteOffset, this.#text.byteLength);
  /** The outer hash's one block: the inner digest, then fixed padding for 64 + 32 bytes. */
  readonly #outerView = new DataView(new ArrayBuffer(BLOCK));
  readonly #out = Buffer.alloc(32);
  readonly #outView = new DataView(this.#out.buffer, this.#out.byteOffset, 32);
  /**
   * The first blocks of the last message that had them (up to HEAD_BLOCKS); the states after them
   * are in #states. A message that starts with the same blocks starts from that state and hashes
   * those blocks no more. Same bytes, same state: the signature is unchanged.
   */
  readonly #head = Buffer.alloc(HEAD_BLOCKS * BLOCK);
  #headBlocks = 0;

  constructor(secret: string) {
    // HMAC's keyed states (RFC 2104): the key, hashed when longer than a block, padded with
    // zeros, XORed with 0x36 (inner) and 0x5c (outer), one block each.
    const key = decodeSecret(secret);
    const pad = new Uint8Array(BLOCK);
    pad.set(key.length > BLOCK ? sha256(key) : key);
    for (const [at, mask] of [
      [INNER, 0x36],
      [OUTER, 0x5c],
    ] as const) {
      const keyed = new Sha256Blocks();
      const block = pad.map((b) => b ^ mask);
      keyed.compress(new DataView(block.buffer), 0);
      keyed.save(this.#states, at);
      block.fill(0);
    }
    pad.fill(0);
    key.fill(0);
    // The outer message is the keyed block and the 32-byte inner digest: 768 bits.
    this.#outerView.setUint8(32, 0x80);
    this.#outerView.setUint32(BLOCK - 4, (BLOCK + 32) * 8);
  }

  sign(input: SignInput): string {
    const q = input.path.indexOf('?');
    const path = q === -1 ? input.path : input.path.slice(0, q);
    const n = this.#encode(input.timestamp + input.method + path + (input.body ?? ''));
    const text = this.#text;
    const view = this.#view;
    const sha = this.#sha;
    const states = this.#states;
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
      sha.load(states, afterHead(same));
      for (let b = same; b < usable; b++) {
        sha.compress(view, b * BLOCK);
        sha.save(states, afterHead(b + 1));
      }
      text.copy(this.#head, same * BLOCK, same * BLOCK, usable * BLOCK);
      this.#headBlocks = usable;
    }
    // The inner hash: the rest of the message, then SHA-256's padding (0x80, zeros, the length in
    // bits of the keyed block and the message, big-endian) written after it in the buffer.
    sha.load(states, afterHead(usable));
    const end = Math.ceil((n + 9) / BLOCK) * BLOCK;
    text[n] = 0x80;
    text.fill(0, n + 1, end - 8);
    const bits = (BLOCK + n) * 8;
    view.setUint32(end - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(end - 4, bits >>> 0);
    for (let at = usable * BLOCK; at < end; at += BLOCK) sha.compress(view, at);
    // The outer hash: the keyed outer state and one block holding the inner digest.
    const outer = this.#outerView;
    sha.digestTo(outer, 0);
    sha.load(states, OUTER);
    sha.compress(outer, 0);
    sha.digestTo(this.#outView, 0);
    // 32 bytes are 43 base64 characters and one '=' of padding.
    return `${this.#out.toString('base64url')}=`;
  }

  /** Writes the message as UTF-8 into #text (grown when it or its padding does not fit) and returns its length. */
  #encode(message: string): number {
    // encodeInto stops before a character that does not fit: then size the buffer and write again.
    const first = encoder.encodeInto(message, this.#text);
    if (first.read === message.length && first.written + PAD_ROOM <= this.#text.length) return first.written;
    this.#text = Buffer.allocUnsafe(Math.max(2 * this.#text.length, Buffer.byteLength(message, 'utf8') + PAD_ROOM));
    this.#view = new DataView(this.#text.buffer, this.#text.byteOffset, this.#text.byteLength);
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
