/**
 * The exchange's view of the catalog (SimCatalogLookup of contracts.ts): one SimToken per outcome
 * token with its trading rules as Decimal, built once per catalog.
 */
import { Decimal } from '../../money.js';
import type { SimAccount, SimCatalogLookup, SimToken } from '../contracts.js';
import type { CatalogUser, SimCatalog } from './catalog-model.js';
import { indexOf } from './catalog-index.js';
import { initialFairOf } from './market-builders.js';

export function createCatalogLookup(catalog: SimCatalog): SimCatalogLookup {
  const ix = indexOf(catalog);
  const tokens: SimToken[] = [];
  for (const m of catalog.markets) {
    const event = ix.eventById.get(m.eventId)!;
    const tickSize = new Decimal(m.tickSize);
    const minOrderSize = new Decimal(m.minOrderSize);
    for (const i of [0, 1] as const) {
      const o = i === 0 ? 1 : 0;
      tokens.push(
        Object.freeze({
          tokenId: m.tokenIds[i],
          conditionId: m.conditionId,
          outcomeIndex: i,
          outcome: m.outcomes[i],
          oppositeTokenId: m.tokenIds[o],
          oppositeOutcome: m.outcomes[o],
          tickSize,
          minOrderSize,
          negRisk: m.negRisk,
          fee: { ...m.fee },
          title: m.question,
          slug: m.slug,
          eventSlug: event.slug,
          icon: m.icon,
          endDate: m.endDate,
          initialFair: initialFairOf(m, i),
        }),
      );
    }
  }
  const byId = new Map(tokens.map((t) => [t.tokenId, t]));
  const frozen = Object.freeze(tokens);
  return {
    token: (tokenId) => byId.get(tokenId),
    tokens: () => frozen,
  };
}

/** The synthetic accounts, for registering with the exchange/server (credentials included). */
export function syntheticAccounts(catalog: SimCatalog): readonly SimAccount[] {
  return catalog.users;
}

/** The users that run the background ladders of the synthetic flow. */
export function makerUsers(catalog: SimCatalog): readonly CatalogUser[] {
  return catalog.users.filter((u) => u.role === 'maker');
}

/** The users that take liquidity in the synthetic flow. */
export function takerUsers(catalog: SimCatalog): readonly CatalogUser[] {
  return catalog.users.filter((u) => u.role === 'taker');
}
