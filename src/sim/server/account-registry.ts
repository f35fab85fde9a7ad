/**
 * The accounts the simulator accepts credentials of: the operator's (printed at start) and the
 * catalog's synthetic population. Each account's signer is keyed once and kept.
 */
import { RequestSigner } from '../../venue/signer.js';
import type { SimAccount } from '../contracts.js';

export interface RegisteredAccount {
  readonly account: SimAccount;
  readonly signer: RequestSigner;
}

export class AccountRegistry {
  readonly #byKey = new Map<string, RegisteredAccount>();

  constructor(accounts: Iterable<SimAccount>) {
    for (const a of accounts) this.add(a);
  }

  add(account: SimAccount): void {
    this.#byKey.set(account.apiKey, { account, signer: new RequestSigner(account.secret) });
  }

  byApiKey(apiKey: string): RegisteredAccount | undefined {
    return this.#byKey.get(apiKey);
  }

  operators(): SimAccount[] {
    return [...this.#byKey.values()].filter((r) => r.account.operator).map((r) => r.account);
  }
}
