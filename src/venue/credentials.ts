/**
 * The venue account's API credentials and the five signed headers of venue-api.md section 5.
 * The secret is keyed into one RequestSigner at construction (its text is kept only to scrub it
 * from foreign text); neither the secret nor the passphrase can leak through JSON.stringify,
 * util.inspect or template strings.
 */
import { RequestSigner } from './signer.js';

export const DEFAULT_HEADER_PREFIX = 'SERVICE_';

export interface VenueCredentialsInput {
  /** Checksummed wallet address that performs the requests. */
  readonly address: string;
  /** UUID API key. */
  readonly apiKey: string;
  /** 64-character hexadecimal passphrase. */
  readonly passphrase: string;
  /** base64 or base64url HMAC secret. */
  readonly secret: string;
}

export interface SignedRequest {
  readonly method: string;
  /** Path; any query string is cut off before signing. */
  readonly path: string;
  /** The exact body text sent, or undefined when there is none. */
  readonly body?: string | undefined;
  /** Milliseconds since the epoch. */
  readonly timestampMs: number;
}

export class VenueCredentials {
  readonly address: string;
  readonly apiKey: string;
  readonly headerPrefix: string;
  readonly #passphrase: string;
  /** Kept only to scrub it from text that came from elsewhere (see redact). */
  readonly #secret: string;
  readonly #signer: RequestSigner;
  /** The five header names, built once. */
  readonly #names: readonly [string, string, string, string, string];

  constructor(input: VenueCredentialsInput, headerPrefix: string = DEFAULT_HEADER_PREFIX) {
    for (const name of ['address', 'apiKey', 'passphrase', 'secret'] as const) {
      // Name the missing field, never its value.
      if (typeof input[name] !== 'string' || input[name].trim() === '') {
        throw new TypeError(`venue credentials: '${name}' is required`);
      }
    }
    this.address = input.address;
    this.apiKey = input.apiKey;
    this.headerPrefix = headerPrefix;
    this.#passphrase = input.passphrase;
    this.#secret = input.secret.trim();
    this.#signer = new RequestSigner(input.secret);
    const p = headerPrefix;
    this.#names = [`${p}ADDRESS`, `${p}API_KEY`, `${p}PASSPHRASE`, `${p}TIMESTAMP`, `${p}SIGNATURE`];
  }

  /** The five authentication headers for one request. */
  headersFor(req: SignedRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    this.addHeaders(headers, req);
    return headers;
  }

  /**
   * Signs one request and adds the five authentication headers to `headers` (the request path:
   * adding to the caller's object is much cheaper than building and merging a second one).
   */
  addHeaders(headers: Record<string, string>, req: SignedRequest): void {
    const timestamp = String(Math.trunc(req.timestampMs));
    const signature = this.#signer.sign({ timestamp, method: req.method, path: req.path, body: req.body });
    const [address, apiKey, passphrase, ts, sig] = this.#names;
    headers[address] = this.address;
    headers[apiKey] = this.apiKey;
    headers[passphrase] = this.#passphrase;
    headers[ts] = timestamp;
    headers[sig] = signature;
  }

  /** Replaces the secret and the passphrase in foreign text (a venue error body that echoes a header). */
  redact(text: string): string {
    return text.replaceAll(this.#passphrase, '[redacted]').replaceAll(this.#secret, '[redacted]');
  }

  toJSON(): Record<string, string> {
    return { address: this.address, apiKey: this.apiKey, passphrase: '[redacted]', secret: '[redacted]' };
  }

  toString(): string {
    return `[VenueCredentials ${this.address}]`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
