/**
 * Part of phase start-quoting: the WebSocket streams. The market stream applies every book change
 * at once and re-evaluates each changed market once per burst of events (market-event-batch.ts),
 * and follows tick-size changes and markets resolving; the user stream applies order events at once and hands trades to
 * the fill feed; after a reconnect each catches up by polling.
 */
import { performance } from 'node:perf_hooks';
import type { Executor } from '../execution/executor.js';
import { MarketStream } from '../market/market-stream.js';
import type { MetadataCache } from '../market/metadata-cache.js';
import type { BookPoller } from '../market/poller.js';
import { streamOn, wsOrigin } from '../market/stream-endpoints.js';
import { UserStream } from '../market/user-stream.js';
import type { TickTimer } from '../metrics/tick-metrics.js';
import type { PaperVenue } from '../paper/paper-venue.js';
import type { FillFeed } from '../portfolio/fill-feed.js';
import type { BookStore } from '../trading/book-store.js';
import type { MarketRecorder } from '../record/market-recorder.js';
import type { TradingLoop } from '../trading/trading-loop.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { Closers } from './closers.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import { MarketEventBatch } from './market-event-batch.js';
import { type StreamBookIntake, takeStreamBook } from './stream-books.js';
import type { VenueTarget } from './venue-stack.js';

export interface StartStreamsInput {
  readonly target: VenueTarget;
  readonly credentials: VenueCredentialsInput | undefined;
  readonly view: DaemonView;
  readonly marketIds: readonly string[];
  readonly scope: ReadonlySet<string>;
  readonly tokens: readonly string[];
  readonly metadata: MetadataCache;
  readonly books: BookStore;
  readonly loop: TradingLoop;
  readonly poller: BookPoller;
  readonly executor: Executor;
  readonly feed: FillFeed | undefined;
  readonly tickTimer: TickTimer;
  /** Paper mode: the paper venue, which sees every book event and public trade first. */
  readonly paper?: PaperVenue | undefined;
  /** Each started stream's close goes here. */
  readonly closers: Closers;
  /** With record.dir: the market stream's events are recorded too. */
  readonly recorder?: MarketRecorder | undefined;
  /** A quoted market resolved (the market stream's `market_resolved`): it is handled as closed (market-ends.ts). */
  readonly onMarketResolved?: ((conditionId: string) => void) | undefined;
}

/** The streams started (the selector's swaps change what they follow). */
export interface StartedStreams {
  market?: MarketStream;
  user?: UserStream;
}

/** Starts the streams that are configured on (the user stream also needs credentials). */
export function startStreams({ config, clock, logger }: DaemonContext, i: StartStreamsInput): StartedStreams {
  const started: StartedStreams = {};
  const { view, books, loop, tickTimer, tokens, scope, executor: exec, feed, paper } = i;
  const origin = wsOrigin(i.target);
  if (streamOn(config.stream.market, config)) {
    const intake: StreamBookIntake = {
      books,
      unusable: (token, problem, ts) => i.poller.noteUnusable(token, problem, ts),
      tickOf: (conditionId) => i.metadata.knownTick(conditionId),
      maxLevels: config.books.maxLevels,
      paper,
    };
    const batch = new MarketEventBatch({
      evaluate: (conditionId, trace) => loop.evaluate(conditionId, trace),
      startTrace: (inHandAt) => tickTimer.start(inHandAt),
      onError: (market, err) => logger.error({ market, err: (err as Error).message }, 'market evaluation after a stream event failed'),
    });
    const stream = new MarketStream({
      url: `${origin}/ws/market`,
      clock,
      reconnectBaseMs: config.stream.reconnectBaseMs,
      reconnectMaxMs: config.stream.reconnectMaxMs,
      maxMessageBytes: config.stream.maxMessageBytes.market,
      maxLevels: config.books.maxLevels,
      rate: config.stream.rate,
      logger: logger.child({ component: 'market-stream' }),
      onTrade: (t) => {
        paper?.onTrade(t);
        view.intensity?.onStreamTrade(t, clock.now());
      },
      onMarketResolved: i.onMarketResolved,
      onRawEvent: i.recorder === undefined ? undefined : (e) => i.recorder?.streamEvent(e),
      onDisconnect: () => i.recorder?.streamState('ws-close'),
      onMarketEvent: (conditionId, _token, _kind, event) => {
        if (event.event_type === 'tick_size_change') void i.metadata.onTickSize(conditionId, event.new_tick_size);
        else {
          // Closes the token's group of prints (one taker's) and marks its touches for a re-read.
          view.intensity?.onBookEvent(event.asset_id);
          const inHandAt = performance.now();
          // Checked before the paper venue and the book store see it (stream-books.ts).
          if (takeStreamBook(intake, conditionId, event)) batch.add(conditionId, inHandAt);
        }
      },
      onResync: () => {
        i.recorder?.streamState('ws-open');
        // The tokens polled now: the selector's swaps may have changed them since the start.
        i.poller.fetchBooks(i.poller.tokens).then(
          (s) => {
            const trace = tickTimer.start(s.inHandAt);
            loop.onSnapshot(s, trace);
            trace.close();
          },
          (err: unknown) => logger.warn({ err: (err as Error).message }, 'book resync after reconnect failed'),
        );
      },
    });
    stream.setTokens(tokens);
    stream.start();
    view.streams.market = stream;
    started.market = stream;
    i.closers.push(() => stream.close());
  }
  const credentials = i.credentials;
  if (credentials !== undefined && streamOn(config.stream.user, config)) {
    const user = new UserStream({
      url: `${origin}/ws/user`,
      credentials,
      clock,
      reconnectBaseMs: config.stream.reconnectBaseMs,
      reconnectMaxMs: config.stream.reconnectMaxMs,
      maxMessageBytes: config.stream.maxMessageBytes.user,
      rate: config.stream.rate,
      markets: i.marketIds,
      logger: logger.child({ component: 'user-stream' }),
      onOrder: (e) => {
        if (!scope.has(e.market)) return;
        exec.applyOrderEvent(e);
        loop.evaluate(e.market);
      },
      onTrade: (e) => {
        feed?.ingestTrades([e]).catch(() => undefined);
      },
      onReconnect: () => {
        feed?.catchUp().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'fill catch-up after reconnect failed'));
        exec.sync(scope).catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'open-order sync after reconnect failed'));
      },
    });
    user.start();
    view.streams.user = user;
    started.user = user;
    i.closers.push(() => user.close());
  }
  return started;
}
