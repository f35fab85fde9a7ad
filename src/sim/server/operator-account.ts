/**
 * The operator's account: the credentials the simulator prints at start and counts in
 * `/_sim/stats`. Generated from the seed (its own PRNG stream, so catalog changes do not move
 * it) unless configured.
 */
import { toBase64UrlPadded } from '../../venue/signer.js';
import type { SimAccount } from '../contracts.js';
import { createRng } from '../rng.js';

export interface SimCredentials {
  readonly address: string;
  readonly apiKey: string;
  readonly passphrase: string;
  /** base64 or base64url HMAC secret. */
  readonly secret: string;
}

export function operatorCredentials(seed: string | number): SimCredentials {
  const rng = createRng(seed).fork('operator-account');
  return {
    address: `0x${rng.hex(40)}`,
    apiKey: rng.uuid(),
    passphrase: rng.hex(64),
    secret: toBase64UrlPadded(rng.bytes(32)),
  };
}

export function operatorAccount(credentials: SimCredentials): SimAccount {
  return { ...credentials, operator: true, name: 'operator', pseudonym: 'Operator' };
}
