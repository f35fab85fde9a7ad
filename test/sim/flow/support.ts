/** Shared set-up of the flow tests: a catalog, the real exchange on a FakeClock, a recorder. */
import { FakeClock } from '../../../src/clock/fake-clock.js';
import type { SimAccount, SimExchange } from '../../../src/sim/contracts.js';
import { createCatalogLookup, generateCatalog, type CatalogOptions, type SimCatalog } from '../../../src/sim/catalog/index.js';
import { createSimExchange } from '../../../src/sim/exchange/index.js';
import type { CheckedOrderBody } from '../../../src/venue/body-rules.js';

export interface PlacedOrder {
  readonly at: number;
  readonly address: string;
  readonly body: CheckedOrderBody;
  readonly success: boolean;
  readonly takingAmount: string;
  readonly orderID: string;
}

export interface World {
  readonly clock: FakeClock;
  readonly catalog: SimCatalog;
  readonly exchange: SimExchange;
  /** Every placeOrder call, in order. */
  readonly placed: PlacedOrder[];
}

/** `edit`: a different world from the generated catalog; `autoTick`: the exchange's book rule. */
export function makeWorld(
  catalogOptions: CatalogOptions,
  options: { readonly autoTick?: boolean; readonly edit?: (c: SimCatalog) => SimCatalog } = {},
): World {
  const clock = new FakeClock(1_750_000_000_000);
  const generated = generateCatalog(catalogOptions);
  const catalog = options.edit === undefined ? generated : options.edit(generated);
  const real = createSimExchange({ clock, catalog: createCatalogLookup(catalog), autoTick: options.autoTick ?? true });
  const placed: PlacedOrder[] = [];
  const exchange = new Proxy(real, {
    get(target, prop) {
      if (prop === 'placeOrder') {
        return (account: SimAccount, body: CheckedOrderBody) => {
          const res = target.placeOrder(account, body);
          placed.push({
            at: clock.now(),
            address: account.address,
            body,
            success: res.success,
            takingAmount: res.takingAmount,
            orderID: res.orderID,
          });
          return res;
        };
      }
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { clock, catalog, exchange, placed };
}

/** An operator-like account of the test (not in the catalog). */
export const operator: SimAccount = {
  address: '0x00000000000000000000000000000000000000aa',
  apiKey: '00000000-0000-4000-8000-0000000000aa',
  passphrase: 'a'.repeat(64),
  secret: Buffer.alloc(32, 1).toString('base64url'),
  operator: true,
  name: 'operator',
  pseudonym: 'Test-Operator',
};
