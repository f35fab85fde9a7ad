/**
 * Phase start-quoting, around the trading loop: what follows the loop and feeds or guards it — the
 * market and user streams, the open-order sync, the liquidity-reward estimate, the renewal of
 * dead-man orders, the account view of `risk.scope: account`, the selector's market swaps and the
 * markets' ends (market-ends.ts), and the SIGHUP reload. Each one's stop goes into `closers`.
 */
import type { Registry } from 'prom-client';
import type { Executor } from '../execution/executor.js';
import type { MetadataCache } from '../market/metadata-cache.js';
import type { FillFeed } from '../portfolio/fill-feed.js';
import type { MarketRecorder } from '../record/market-recorder.js';
import type { KillSwitch, LossLimitGuard, RiskGate } from '../risk/index.js';
import type { Strategy } from '../strategy/strategy.js';
import { reloadConfiguration } from '../trading/config-reload.js';
import type { PositionPoller } from '../trading/position-poller.js';
import type { TickTimer } from '../metrics/tick-metrics.js';
import type { PaperVenue } from '../paper/paper-venue.js';
import type { VenueClient } from '../venue/client.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { MakerdConfig } from '../config/schema.js';
import { watchAccount } from './account-limits.js';
import type { Closers } from './closers.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import { startMarketSwaps, type MarketSwapsInput } from './market-swaps.js';
import { startOrderRefresh } from './order-refresh.js';
import { startOrderSync } from './order-sync.js';
import { startRewardEstimates } from './reward-estimates.js';
import type { MarketScope } from './select-markets.js';
import type { Quoting } from './start-quoting.js';
import { startStreams } from './streams.js';
import type { VenueTarget } from './venue-stack.js';

export interface StartServicesInput {
  readonly quoting: Quoting;
  readonly target: VenueTarget;
  readonly client: VenueClient;
  readonly credentials: VenueCredentialsInput | undefined;
  readonly trade: boolean;
  readonly registry: Registry;
  readonly view: DaemonView;
  readonly markets: Omit<MarketScope, 'bindings'>;
  readonly metadata: MetadataCache;
  readonly executor: Executor;
  readonly feed: FillFeed | undefined;
  readonly positions: PositionPoller | undefined;
  readonly shares: MarketSwapsInput['shares'];
  readonly paper: PaperVenue | undefined;
  readonly risk: RiskGate;
  readonly killSwitch: KillSwitch;
  readonly losses: LossLimitGuard;
  readonly strategies: ReadonlyMap<string, Strategy>;
  readonly owns: (clientOrderId: string) => boolean;
  readonly tickTimer: TickTimer;
  readonly recorder: MarketRecorder | undefined;
  readonly closers: Closers;
  /** SIGHUP: how the configuration is read again, and how reload requests are heard. */
  readonly reload: { load: (() => MakerdConfig) | undefined; subscribe: ((listener: () => void) => () => void) | undefined };
}

export function startServices(ctx: DaemonContext, i: StartServicesInput): void {
  const { config, logger } = ctx;
  const { loop, books, poller } = i.quoting;
  const { executor: exec, credentials, closers, metadata, markets, view } = i;
  const { marketIds, scope, tokens, selected } = markets;
  const parts = { books, loop, poller, executor: exec, feed: i.feed, tickTimer: i.tickTimer, closers, recorder: i.recorder };
  // Late-bound: the markets' ends start with the swaps, after the streams they listen to.
  let onMarketResolved = (_conditionId: string): void => {};
  const resolved = (conditionId: string): void => onMarketResolved(conditionId);
  const streamParts = {
    target: i.target,
    credentials,
    view,
    marketIds,
    scope,
    tokens,
    metadata,
    paper: i.paper,
    onMarketResolved: resolved,
  };
  const streams = startStreams(ctx, { ...streamParts, ...parts });
  if (credentials !== undefined) closers.push(startOrderSync(ctx, { executor: exec, scope }));
  closers.push(startRewardEstimates(ctx, { registry: i.registry, view, books, executor: exec, metadata }));
  if (credentials !== undefined && i.trade) closers.push(startOrderRefresh(ctx, { executor: exec }));
  if (config.risk.scope === 'account' && i.positions !== undefined)
    watchAccount(ctx, { risk: i.risk, positions: i.positions, executor: exec, scope, evaluateAll: () => loop.evaluateAll() });
  // selector.rerankSec: each re-ranking may swap the markets quoted (cancel-and-verify out, bind in);
  // a market that ends leaves the same way, and the selector's next one takes its place.
  const watched = {
    rerank: markets.rerank,
    explain: markets.explain,
    selected,
    registry: i.registry,
    view,
    loop,
    poller,
    books,
    streams,
    metadata,
    risk: i.risk,
  };
  const { stopped, reload: reloadStops } = markets.ends;
  const ends = { meta: (id: string) => metadata.lastKnown(id), replace: markets.replace, stopped, reload: reloadStops };
  const ordering = {
    executor: exec,
    venue: i.paper ?? i.client,
    owns: i.owns,
    scope,
    shares: i.shares,
    trade: i.trade,
    record: i.recorder,
  };
  const swaps = startMarketSwaps(ctx, { ...watched, ...ordering, strategies: i.strategies, ends });
  if (swaps) closers.push(swaps.close);
  onMarketResolved = (conditionId) => {
    swaps?.ends?.closedByVenue(conditionId);
    view.settlements?.resolvedByVenue(conditionId);
  };
  const live = swaps === undefined ? { selected } : { selected: swaps.set.selected, selector: swaps };
  // SIGHUP: strategy parameters and risk limits again, from the same files, environment and flags.
  const { load, subscribe } = i.reload;
  const reloadable = { loop, risk: i.risk, killSwitch: i.killSwitch, losses: i.losses, ...live, strategies: i.strategies, running: config };
  const unsubscribe = load === undefined ? undefined : subscribe?.(() => reloadConfiguration(load, reloadable, logger));
  if (unsubscribe !== undefined) closers.push(unsubscribe);
}
