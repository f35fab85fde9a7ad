/**
 * risk.scope account with three shard processes (the real executable) on one simulator account:
 * takers keep filling the operator's bids in every market (each fill pushes the account's
 * exposure up), round after round, until no shard quotes a bid any more. The account's exposure
 * from GET /positions (Σ over markets of |outcome 0 - outcome 1|) is checked after every fill:
 * it never passes risk.maxNetExposure, though each market alone would allow all of it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { shardOf } from '../../src/market/shard.js';
import { Decimal, ZERO } from '../../src/money.js';
import { createVenueClient } from '../../src/venue/client.js';
import { takeOperatorQuote } from '../support/account-fills.js';
import { compiledPackage } from '../support/compile-package.js';
import { liveEnvFor } from '../support/live-env.js';
import { type Makerd, msg, startMakerd } from '../support/makerd-process.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let bin: string;
const SHARDS = 3;
const LIMIT = 60;

let h: SimHarness;

beforeAll(async () => {
  h = await startSimHarness({ markets: 20, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false }, authWindowMs: 600_000 });
  bin = join(await compiledPackage(), 'src', 'cli', 'bin.js');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('three shards with risk.scope account', () => {
  it('never hold together more than the account exposure limit, however many fills come', async () => {
    const all = h.sim.world.lookup.tokens().filter((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01') && t.minOrderSize.lte(5));
    // Two markets per shard (the split is the FNV-1a hash of the condition id).
    const markets = [0, 1, 2].flatMap((s) => all.filter((m) => shardOf(m.conditionId, SHARDS) === s).slice(0, 2));
    expect(markets).toHaveLength(6);
    const maker = synthetic(h, 0);
    for (const m of markets) {
      for (const t of [m.tokenId, m.oppositeTokenId]) {
        rest(h, maker, t, 'BUY', '0.40', '1000');
        rest(h, maker, t, 'SELL', '0.60', '1000');
      }
    }
    const client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
    const net = new Map<string, Decimal>();
    const accountExposure = async (): Promise<Decimal> => {
      net.clear();
      for (const p of await client.getPositions({ user: h.credentials.address, sizeThreshold: 0, limit: 500, offset: 0 })) {
        const [market, outcome] = p.asset.split(':') as [string, string];
        const size = new Decimal(String(p.size));
        net.set(market, (net.get(market) ?? ZERO)[outcome === '0' ? 'plus' : 'minus'](size));
      }
      return [...net.values()].reduce((s, q) => s.plus(q.abs()), ZERO);
    };
    const children: Makerd[] = [];
    try {
      for (let index = 0; index < SHARDS; index++) {
        const d = startMakerd(
          bin,
          liveEnvFor(h, {
            MAKERD_MARKETS: markets.map((m) => m.conditionId).join(','),
            MAKERD_SHARD_INDEX: String(index),
            MAKERD_SHARD_COUNT: String(SHARDS),
            MAKERD_LIMITS_SHARE: '0.3333',
            MAKERD_RISK_SCOPE: 'account',
            // Per market it would allow the whole limit: only the account scope keeps the total.
            MAKERD_RISK_MAX_NET_EXPOSURE: String(LIMIT),
            MAKERD_STRATEGY: 'bands',
            MAKERD_STRATEGY_PARAMS: JSON.stringify({
              bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '5', avgAmount: '10', maxAmount: '15' }],
            }),
            MAKERD_POLLER_INTERVAL_MS: '200',
            MAKERD_POLLER_STALE_AFTER_MS: '3600000',
            MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '100',
            MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '300',
            MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '200',
            MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), `makerd-shard-${index}-`)), 'data'),
            MAKERD_METRICS_PORT: '0',
            MAKERD_LOG_LEVEL: 'info',
          }),
        );
        children.push(d);
        await d.line(msg('quoting markets'));
      }
      const taker = synthetic(h, 1);
      let fills = 0;
      let highest = ZERO;
      // Rounds of fills of every market's bid until a whole round finds none left to take.
      for (let round = 0; round < 40; round++) {
        let took = 0;
        for (const m of markets) {
          try {
            await takeOperatorQuote(h, taker, { market: m.conditionId, quote: 'bid', size: '5', timeoutMs: 600 });
          } catch {
            continue;
          }
          took++;
          fills++;
          const exposure = await accountExposure();
          if (exposure.gt(highest)) highest = exposure;
          const perMarket = markets
            .map((x) => `shard ${shardOf(x.conditionId, SHARDS)}: ${(net.get(x.conditionId) ?? ZERO).toFixed()}`)
            .join(', ');
          expect(exposure.lte(LIMIT), `account exposure ${exposure.toFixed()} after fill ${fills} (${perMarket})`).toBe(true);
        }
        h.clock.advance(1_000);
        if (took === 0) break;
      }
      // The limit was reached in earnest: the shards stopped bidding near it, not before.
      expect(fills).toBeGreaterThanOrEqual(9);
      expect(highest.gte(LIMIT * 0.75), `highest account exposure ${highest.toFixed()}`).toBe(true);
      for (const d of children) d.proc.kill('SIGTERM');
      for (const d of children) expect(await d.exited).toEqual({ code: 0, signal: null });
      expect((await accountExposure()).lte(LIMIT)).toBe(true);
    } finally {
      for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
      await client.close();
    }
  }, 170_000);
});
