/**
 * Replay of recordings (`makerd backtest --replay DIR`): a hand-built recording whose one fill is
 * known to the last digit, and a recording of the simulator replayed through the command line with
 * --compare (one digest for both strategies, the same JSON report, the same figures twice).
 *
 * Hand-built market: the catalog's single market of seed '2' (tick 0.01, minimum size 5; fees rate
 * 0.25, exponent 2, makers get 0.2 of the taker fee). Books X = outcome 0 and Y = outcome 1 both
 * 0.45 / 0.55 x 100, midpoints 0.50. The strategy wants bid 0.48 x 10 and ask 0.52 x 10: BUY X 0.48
 * and BUY Y 0.48, both inside the spread (nothing ahead of them in the queue).
 *   t=10 s  a taker SELLs 4 X at 0.45: it went through our 0.48 bid, which fills 4 at 0.48.
 *   t=20 s  a taker BUYs 3 Y at 0.55: a taker BUY meets asks, and our Y order is a bid: nothing.
 *   t=90 s  end.
 * Fill: taker fee 0.25 x 4 x (0.48 x 0.52)^2 = 0.06230016 -> 0.062300; our rebate 0.2 x that =
 * 0.012460. Realized 0.012460; unrealized at the final midpoint 0.50: 4 x 0.02 = 0.08; trading PnL
 * 0.09246.
 * Rewards (144 USDC/day, min size 5, max spread 5 cents): samples at t=0 and t=60 s. The public
 * levels are 5 cents from the adjusted midpoints (0.50): they score 0; ours at 0.48 (2 cents)
 * score ((5-2)/5)^2 = 0.36 a share, on both sides (a bid in X, a bid in Y), so the account's share
 * is 1 in both samples: 2 / 1,440 x 144 = 0.2 USDC. Total 0.29246.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { runReplay, type ReplaySettings } from '../../src/backtest/run-replay.js';
import { SegmentWriter } from '../../src/record/segment-writer.js';
import { recordSimulation } from '../../src/record/sim-recording.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { createCatalogLookup, generateCatalog } from '../../src/sim/catalog/index.js';
import { createSimExchange } from '../../src/sim/exchange/index.js';
import { createCatalogApi } from '../../src/sim/server/catalog-api.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { cli } from '../cli/run-cli.js';
import { fixedQuotes } from '../support/fixed-quotes.js';

const settings: ReplaySettings = {
  staleAfterMs: 5_000,
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 20,
};

function handBuilt(): string {
  const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-'));
  const catalog = generateCatalog({ seed: '2', markets: 1, fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 } });
  const clock = new FakeClock(Date.UTC(2026, 0, 5, 12));
  const api = createCatalogApi(catalog, createSimExchange({ clock, catalog: createCatalogLookup(catalog) }), []);
  const m = catalog.markets[0]!;
  const [x, y] = m.tokenIds;
  const w = new SegmentWriter({ dir, group: 'g', clock, flushMs: 60_000, maxBytes: 1e9, source: 'test', tokens: [x, y] });
  const book = (token: string) => ({
    market: m.conditionId,
    asset_id: token,
    timestamp: String(clock.now()),
    hash: `h-${token}`,
    bids: [{ price: '0.45', size: '100' }],
    asks: [{ price: '0.55', size: '100' }],
    min_order_size: '5',
    tick_size: '0.01',
    neg_risk: false,
    last_trade_price: '0.5',
  });
  const poll = (): void => {
    w.append({ k: 'books', b: [book(x), book(y)] });
    w.append({ k: 'mids', m: { [x]: '0.5', [y]: '0.5' } });
  };
  // The market pays 144 USDC a day to orders of 5 shares or more within 5 cents of the adjusted midpoint.
  const market = {
    ...api.market(m.conditionId)!,
    rewards: { rates: [{ asset_address: x, rewards_daily_rate: 144 }], min_size: 5, max_spread: 5 },
  };
  w.append({ k: 'meta', market: m.conditionId, m: market, c: api.clobMarket(m.conditionId), f: api.feeRate(x) });
  // The market stream's first books (on subscription): the fill model is fed by the stream only.
  w.append({ k: 'ws-open' });
  for (const t of [x, y]) w.append({ k: 'ws', e: { event_type: 'book', ...book(t) } });
  const trade = (token: string, side: 'BUY' | 'SELL', price: string, size: string): void =>
    w.append({
      k: 'ws',
      e: { event_type: 'last_trade_price', asset_id: token, market: m.conditionId, price, side, size, timestamp: String(clock.now()) },
    });
  for (let s = 0; s <= 90; s++) {
    if (s === 10) trade(x, 'SELL', '0.45', '4');
    if (s === 20) trade(y, 'BUY', '0.55', '3');
    poll();
    clock.advance(1000);
  }
  w.close();
  return dir;
}

describe('replay of a recording', () => {
  it('fills a virtual order from a public trade through it, charged as the venue charges a maker, to the last digit', () => {
    const data = loadReplay(handBuilt());
    expect(data.problems).toEqual([]);
    expect(data.markets.size).toBe(1);
    const r = runReplay({ data, strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null }, settings });
    expect(
      r.fillLog.map((f) => [
        f.side,
        f.tokenId.endsWith(':0') ? 'X' : 'Y',
        f.price.toFixed(),
        f.size.toFixed(),
        f.rebate.toFixed(),
        f.fee.toFixed(),
      ]),
    ).toEqual([['BUY', 'X', '0.48', '4', '0.01246', '0']]);
    expect(r.realizedPnl.toFixed()).toBe('0.01246');
    expect(r.unrealizedPnl.toFixed()).toBe('0.08');
    expect(r.totalPnl.toFixed()).toBe('0.09246');
    expect(r.rewards.toFixed()).toBe('0.2');
    expect(r.total.toFixed()).toBe('0.29246');
    expect(r.fills).toBe(1);
    expect(r.flowDigest).toBe(data.digest);
  });

  it('evaluateOnStream: a burst of stream events (one receive time) evaluates its market once, as the daemon’s batch', () => {
    // Polls every second, the same books throughout; at 2.5 s three stream books of X in one burst.
    const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-burst-'));
    const catalog = generateCatalog({ seed: '2', markets: 1 });
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 12));
    const api = createCatalogApi(catalog, createSimExchange({ clock, catalog: createCatalogLookup(catalog) }), []);
    const m = catalog.markets[0]!;
    const [x, y] = m.tokenIds;
    const w = new SegmentWriter({ dir, group: 'g', clock, flushMs: 60_000, maxBytes: 1e9, source: 'test', tokens: [x, y] });
    const book = (token: string, hash: string, bid: string) => ({
      market: m.conditionId,
      asset_id: token,
      timestamp: String(clock.now()),
      hash,
      bids: [{ price: bid, size: '100' }],
      asks: [{ price: '0.55', size: '100' }],
      min_order_size: '5',
      tick_size: '0.01',
      neg_risk: false,
      last_trade_price: '0.5',
    });
    w.append({ k: 'meta', market: m.conditionId, m: api.market(m.conditionId)!, c: api.clobMarket(m.conditionId), f: api.feeRate(x) });
    w.append({ k: 'ws', e: { event_type: 'book', ...book(x, 'hx', '0.45') } });
    w.append({ k: 'ws', e: { event_type: 'book', ...book(y, 'hy', '0.45') } });
    for (let s = 0; s <= 5; s++) {
      w.append({ k: 'books', b: [book(x, 'hx', '0.45'), book(y, 'hy', '0.45')] });
      w.append({ k: 'mids', m: { [x]: '0.5', [y]: '0.5' } });
      clock.advance(500);
      if (s === 2)
        for (const [hash, bid] of [
          ['b1', '0.44'],
          ['b2', '0.43'],
          ['b3', '0.42'],
        ] as const)
          w.append({ k: 'ws', e: { event_type: 'book', ...book(x, hash, bid) } });
      clock.advance(500);
    }
    w.close();
    const data = loadReplay(dir);
    expect(data.problems).toEqual([]);
    const run = (evaluateOnStream: boolean) =>
      runReplay({
        data,
        strategy: { label: 'fixed', strategy: fixedQuotes as Strategy, params: null },
        settings: { ...settings, evaluateOnStream },
      }).evaluations;
    // At polls: the first poll (0 s), and the poll at 1 s, whose books now hold our virtual orders.
    // The poll at 3 s brings back the books the last evaluation saw: nothing to do.
    expect(run(false)).toBe(2);
    // On the stream too: the burst once (2.5 s), not once per event, and the poll at 3 s, whose
    // books differ from the burst's: 4 (per event it was 6).
    expect(run(true)).toBe(4);
  });

  it('makerd backtest --replay DIR --compare: one report, both strategies on the identical data, the same figures twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-sim-'));
    const recorded = await recordSimulation({ dir, seed: 'replay-cli', markets: 3, hours: 0.1 });
    expect(recorded.compression).toBeGreaterThanOrEqual(5);
    const args = ['backtest', '--replay', dir, '--compare', 'bands,avellaneda', '--json', '--no-progress'];
    const a = await cli(args, { MAKERD_LOG_LEVEL: 'silent' });
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    const report = JSON.parse(a.stdout);
    expect(report.settings.replay.records).toBe(recorded.records);
    expect(report.settings.markets).toBe(3);
    expect(report.strategies.map((s: { label: string }) => s.label)).toEqual(['bands', 'avellaneda']);
    const digests = report.strategies.map((s: { perRun: { flowDigest: string }[] }) => s.perRun[0]!.flowDigest);
    expect(digests[0]).toBe(report.settings.replay.digest);
    expect(digests[1]).toBe(digests[0]);
    expect(report.comparison).toHaveLength(1);
    const fills = report.strategies.map((s: { perRun: { fills: number }[] }) => s.perRun[0]!.fills);
    expect(fills[0]).toBeGreaterThan(0);
    const again = await cli(args, { MAKERD_LOG_LEVEL: 'silent' });
    const strip = (s: string) => JSON.stringify({ ...JSON.parse(s), generatedAt: '' });
    expect(strip(again.stdout)).toBe(strip(a.stdout));
  }, 120_000);

  it('refuses the synthetic flow’s options with --replay, naming them', async () => {
    const r = await cli(['backtest', '--replay', '/nonexistent', '--seeds', '3'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seeds is an option of the synthetic flow/);
    const missing = await cli(['backtest', '--replay', '/nonexistent'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/recording: cannot read \/nonexistent/);
  });
});
