/**
 * `makerd record [--for SECONDS]`: records what the venue publishes for the selected markets (the
 * same selection as `makerd run`: markets, selector, shard) into `record.dir`, with no credentials
 * and no order: the books and midpoints of every poll (poller.intervalMs), every market-stream
 * event (book, price_change, last_trade_price, tick_size_change) and each market's rules (read at
 * start, after a tick change, and written again at the head of every segment). Runs until
 * SIGINT/SIGTERM (or for SECONDS), then flushes and prints one JSON line of figures on stdout.
 * Logs go to stderr.
 */
import type { Logger } from 'pino';
import { systemClock } from '../../clock/system-clock.js';
import type { MakerdConfig } from '../../config/schema.js';
import { openVenueStack } from '../../daemon/venue-stack.js';
import { venueOf } from '../../data-dir/venue-identity.js';
import { ErrorCode, MakerdError } from '../../errors.js';
import { selectConfiguredMarkets } from '../../market/configured-markets.js';
import { MarketStream } from '../../market/market-stream.js';
import { BookPoller } from '../../market/poller.js';
import { streamOn, wsOrigin } from '../../market/stream-endpoints.js';
import { tokensOf } from '../../market/market-metadata.js';
import { openRecording } from '../../record/recording-session.js';
import { untilAborted } from '../../until-aborted.js';
import { UsageError, type CliIo } from '../io.js';

export const RECORD_HELP = `makerd record [--for SECONDS]

Records what the venue publishes for the selected markets (markets, selector, shard as for
makerd run) into record.dir/record.group: books and midpoints of every poll, market-stream
events (book, price_change, last_trade_price, tick_size_change) and the markets' rules.
No credentials are used and no order is sent. Stops at SIGINT/SIGTERM, or after SECONDS.
Keys: record.dir (--record-dir), record.group, record.flushMs, record.maxMegabytes.
See docs/recording-and-replay.md.
`;

function parseArgs(args: readonly string[]): { forMs: number | undefined } {
  let forMs: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--for') {
      const v = Number(args[++i]);
      if (!Number.isFinite(v) || v <= 0)
        throw new UsageError(`record: --for takes a number of seconds > 0 (got ${JSON.stringify(args[i])})`);
      forMs = Math.round(v * 1000);
    } else throw new UsageError(`record: unexpected argument '${a}'`);
  }
  return { forMs };
}

export async function recordCommand(config: MakerdConfig, args: readonly string[], logger: Logger, io: CliIo): Promise<number> {
  const { forMs } = parseArgs(args);
  if (config.record.dir === '')
    throw new MakerdError(ErrorCode.CONFIG, 'record.dir: set the directory to record into (--record-dir DIR or MAKERD_RECORD_DIR)', {
      where: 'config',
      field: 'record.dir',
    });
  const stop = new AbortController();
  io.stopSignal?.addEventListener('abort', () => stop.abort(), { once: true });
  const timer = forMs === undefined ? undefined : setTimeout(() => stop.abort(), forMs);
  const clock = systemClock;
  const stack = await openVenueStack(config, logger, clock);
  try {
    const selected = await selectConfiguredMarkets(stack.client, config, logger, stop.signal);
    if (selected.length === 0) throw new MakerdError(ErrorCode.CONFIG, 'record: no market selected', { where: 'config', field: 'markets' });
    const tokens = selected.flatMap((m) => [...m.tokens]);
    const session = openRecording(config.record, { clock, tokens, source: stack.target.baseUrl, venue: venueOf(config), logger });
    const { recorder } = session;
    let closed = false;
    try {
      const meta = recorder.metadataSource(stack.client);
      const readRules = async (market: string): Promise<void> => {
        try {
          const [, m] = await Promise.all([meta.getClobMarket({ condition_id: market }), meta.getMarket({ condition_id: market })]);
          await meta.getFeeRate({ token_id: tokensOf(m)[0] });
        } catch (err) {
          logger.warn({ market, err: (err as Error).message }, 'market rules not read');
        }
      };
      await Promise.all(selected.map((m) => readRules(m.conditionId)));
      const poller = new BookPoller({
        source: recorder.bookSource(stack.client),
        clock,
        tokens,
        intervalMs: config.poller.intervalMs,
        staleAfterMs: config.poller.staleAfterMs,
        logger: logger.child({ component: 'poller' }),
        onSnapshot: () => undefined,
      });
      let stream: MarketStream | undefined;
      if (streamOn(config.stream.market, config)) {
        stream = new MarketStream({
          url: `${wsOrigin(stack.target)}/ws/market`,
          clock,
          reconnectBaseMs: config.stream.reconnectBaseMs,
          reconnectMaxMs: config.stream.reconnectMaxMs,
          maxMessageBytes: config.stream.maxMessageBytes.market,
          rate: config.stream.rate,
          logger: logger.child({ component: 'market-stream' }),
          onRawEvent: (e) => recorder.streamEvent(e),
          onMarketEvent: (market, _token, kind) => {
            if (kind === 'tick_size_change') void readRules(market);
          },
          onResync: () => recorder.streamState('ws-open'),
          onDisconnect: () => recorder.streamState('ws-close'),
        });
        stream.setTokens(tokens);
        stream.start();
      }
      poller.start();
      logger.info({ markets: selected.length, tokens: tokens.length, dir: session.writer.groupDir }, 'recording');
      await untilAborted(stop.signal);
      await poller.stop();
      await stream?.close();
      const figures = session.close();
      closed = true;
      io.stdout.write(`${JSON.stringify({ dir: session.writer.groupDir, markets: selected.length, ...figures })}\n`);
      return 0;
    } finally {
      if (!closed) session.close();
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    await stack.close();
  }
}
