/**
 * The two sides of the fills check: makerd's journal (every `fills-*.jsonl` under
 * `<data.dir>/journal`, replayed as makerd replays it at start-up) and the account's fills on the
 * simulator (every page of GET /data/trades over HTTP, attributed per order as makerd attributes
 * them, with the market's fee terms from GET /fee-rate).
 */
import { systemClock } from '../src/clock/system-clock.js';
import { Decimal } from '../src/money.js';
import { type AccountIdentity, fillsFromAccountTrade, replayJournal, type Fill } from '../src/portfolio/index.js';
import type { FeeTerms } from '../src/portfolio/fill-fees.js';
import { createVenueClient, type VenueClient } from '../src/venue/client.js';
import type { VenueCredentialsInput } from '../src/venue/credentials.js';
import { collectItems } from '../src/venue/pagination.js';
import type { FillLine } from './checks.js';

export function toFillLine(f: Fill): FillLine {
  return {
    tradeId: f.tradeId,
    orderId: f.orderId,
    tokenId: f.tokenId,
    side: f.side,
    role: f.role,
    price: f.price.toFixed(),
    size: f.size.toFixed(),
    fee: f.fee.toFixed(),
    rebate: f.rebate.toFixed(),
  };
}

export async function journalFills(dataDir: string): Promise<{ fills: FillLine[]; warnings: string[] }> {
  const r = await replayJournal({ dataDir, repair: false });
  return { fills: r.fills.map(toFillLine), warnings: r.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`) };
}

export async function venueFills(baseUrl: string, credentials: VenueCredentialsInput): Promise<FillLine[]> {
  const client = createVenueClient({ baseUrl, credentials, clock: systemClock });
  try {
    return (await accountFills(client, credentials)).map(toFillLine);
  } finally {
    await client.close();
  }
}

/**
 * Every fill of the account on the venue: GET /data/trades, all pages, attributed per order as
 * makerd attributes them, with each market's fee terms from GET /fee-rate (also used by the
 * end-to-end tests that hold makerd's journal against the simulator).
 */
export async function accountFills(client: VenueClient, account: AccountIdentity): Promise<Fill[]> {
  const trades = await collectItems(client.iterateAccountTrades());
  const terms = new Map<string, FeeTerms>();
  const out: Fill[] = [];
  for (const t of trades) {
    let fees = terms.get(t.market);
    if (fees === undefined) {
      const s = (await client.getFeeRate({ token_id: t.asset_id })).fee_schedule;
      fees = {
        rate: new Decimal(String(s.rate)),
        exponent: s.exponent,
        takerOnly: s.takerOnly,
        rebateRate: new Decimal(String(s.rebateRate)),
      };
      terms.set(t.market, fees);
    }
    out.push(...fillsFromAccountTrade(t, account, fees));
  }
  return out;
}
