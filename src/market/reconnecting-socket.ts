/**
 * A WebSocket client that stays connected: the shared machinery of the market and user streams.
 *
 * - On every open it sends the subscription messages returned by `subscribe()`, called afresh on
 *   each connect (so a signed subscription carries a fresh timestamp and signature), then a
 *   `PING`. The venue does not acknowledge a subscription, but it reads a connection's messages in
 *   order, so its `PONG` proves the subscription read: only then is `onOpen` called (that is when
 *   a resync of books or orders leaves no gap). A peer that never answers PING gets `onOpen`
 *   after `confirmTimeoutMs`; one that closes first (a refused signature) never gets it.
 * - Frames (stream-frames.ts): `PING` is answered `PONG`; `PONG` only proves the peer alive; an
 *   event object or an array of them goes to `onEvent`; a malformed frame is counted and ignored.
 * - Liveness: every `pingIntervalMs` it sends `PING`; a connection that has sent no frame at all
 *   since the previous PING is taken as dead and dropped (a half-open TCP connection otherwise
 *   looks like a quiet market forever).
 * - On close or error it reconnects after `random() x min(maxMs, baseMs x 2^attempt)` (full jitter,
 *   src/limits/backoff.ts); `attempt` counts consecutive short-lived connections and goes back to 0
 *   once a connection has stayed open `stableAfterMs`, so a server that accepts and then at once
 *   refuses (a rejected signature) is retried ever more slowly, never in a tight loop.
 * - Bounds: a message over `maxMessageBytes` (the `ws` client's maxPayload, refused from its
 *   header) or a stream over `rate` (stream-bounds.ts) closes the connection, which then
 *   reconnects with the backoff: what it still delivers is dropped unread, and the caller's resync
 *   keeps its state honest. Refusals are counted (`refusedTooLarge`, `refusedTooFast`), the first
 *   of an episode logged, and one line says when a whole window has passed within bounds again.
 * Delays, pings and the rate window run on the injected clock; the handshake timeout is a
 * socket-level (real-time) bound of the `ws` library.
 *
 * `state`: 'connecting' (handshake in progress, or waiting to retry), 'open', or 'closed' (not
 * started yet, or closed for good by `close()`). `subscribed`: open and its subscription confirmed
 * (onOpen called), until that connection closes.
 */
import type { Logger } from 'pino';
import { WebSocket, type RawData } from 'ws';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { backoffDelayMs } from '../limits/backoff.js';
import { byteLength, decodeFrame } from './stream-frames.js';
import { maxMessageBytesOf, type StreamRate, StreamRateWindow } from './stream-bounds.js';
import { FailureEpisode } from '../log/failure-episode.js';

export type SocketState = 'connecting' | 'open' | 'closed';

export interface SocketCounters {
  /** Connections opened. */
  opens: number;
  /** Connection attempts after the first. */
  reconnects: number;
  /** Frames received (PING/PONG included). */
  frames: number;
  /** Event objects handed to onEvent. */
  events: number;
  /** Frames (or array elements) that were not an event object: ignored. */
  malformedFrames: number;
  /** Connections dropped because they stayed silent for a whole ping interval. */
  deadConnections: number;
  /** onEvent / onOpen callbacks that threw (logged, the connection goes on). */
  handlerErrors: number;
  /** Connections closed for a message over maxMessageBytes. */
  refusedTooLarge: number;
  /** Connections closed for going over the rate bound. */
  refusedTooFast: number;
}

export interface CloseInfo {
  readonly code: number;
  readonly reason: string;
  /** Delay before the next attempt; undefined when closed for good. */
  readonly retryInMs: number | undefined;
}

export interface ReconnectingSocketOptions {
  /** `ws://` or `wss://` URL of the channel, e.g. `ws://127.0.0.1:8080/ws/market`. */
  readonly url: string;
  readonly clock: Clock;
  /** Uniform in [0, 1), for the jitter. Default Math.random. */
  readonly random?: (() => number) | undefined;
  readonly reconnectBaseMs: number;
  readonly reconnectMaxMs: number;
  /** PING period while open; 0 turns pings and the liveness check off. Default 10 000 ms. */
  readonly pingIntervalMs?: number | undefined;
  /** A connection open at least this long resets the backoff. Default reconnectMaxMs. */
  readonly stableAfterMs?: number | undefined;
  /** Opening handshake bound (real time). Default 10 000 ms. */
  readonly handshakeTimeoutMs?: number | undefined;
  /** Messages to send on each open (objects are JSON-encoded); called on every connect. */
  readonly subscribe: () => readonly unknown[];
  /** One parsed event object. */
  readonly onEvent: (event: Record<string, unknown>) => void;
  /** Wait for the PONG that confirms the subscription before calling onOpen anyway. Default 5 000 ms. */
  readonly confirmTimeoutMs?: number | undefined;
  /** Once the subscription is confirmed read (see above); `reconnect` is false only for the first connection. */
  readonly onOpen?: ((info: { readonly reconnect: boolean }) => void) | undefined;
  readonly onClose?: ((info: CloseInfo) => void) | undefined;
  readonly logger?: Logger | undefined;
  /** The stream's name in the refusal log lines (`market`, `user`). Default `websocket`. */
  readonly name?: string | undefined;
  /** Largest message accepted (the `ws` client's maxPayload). Default DEFAULT_MAX_MESSAGE_BYTES. */
  readonly maxMessageBytes?: number | undefined;
  /** Rate bound. Default DEFAULT_STREAM_RATE. */
  readonly rate?: StreamRate | undefined;
}

export class ReconnectingSocket {
  readonly #o: ReconnectingSocketOptions;
  readonly #random: () => number;
  readonly #pingMs: number;
  readonly #stableMs: number;
  readonly #counters: SocketCounters = {
    opens: 0,
    reconnects: 0,
    frames: 0,
    events: 0,
    malformedFrames: 0,
    deadConnections: 0,
    handlerErrors: 0,
    refusedTooLarge: 0,
    refusedTooFast: 0,
  };
  readonly #maxMessageBytes: number;
  /** The current connection's rate window. */
  readonly #rate: StreamRateWindow;
  readonly #refusals: FailureEpisode;
  /** A connection refused and being dropped: whatever else it delivers is ignored unread. */
  #dropping: WebSocket | undefined;
  #state: SocketState = 'closed';
  #ws: WebSocket | undefined;
  #started = false;
  #stopped = false;
  #attempt = 0;
  #connects = 0;
  #everOpened = false;
  #openedAtMs: number | undefined;
  #retryTimer: TimerHandle | undefined;
  #pingTimer: TimerHandle | undefined;
  #heardSincePing = true;
  /** The open connection's subscription is not confirmed yet (onOpen still to be called). */
  #confirming: { reconnect: boolean; timer: TimerHandle } | undefined;
  #malformedThisConnection = 0;
  #closed: Promise<void> | undefined;
  #subscribed = false;

  constructor(options: ReconnectingSocketOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new RangeError(`websocket url must be an absolute ws(s) URL (got ${JSON.stringify(options.url)})`);
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
      throw new RangeError(`websocket url must be ws:// or wss:// (got ${options.url})`);
    for (const k of ['reconnectBaseMs', 'reconnectMaxMs'] as const) {
      if (!Number.isFinite(options[k]) || options[k] <= 0) throw new RangeError(`${k} must be > 0 (got ${options[k]})`);
    }
    this.#o = options;
    this.#random = options.random ?? Math.random;
    this.#pingMs = options.pingIntervalMs ?? 10_000;
    this.#stableMs = options.stableAfterMs ?? options.reconnectMaxMs;
    this.#maxMessageBytes = maxMessageBytesOf(options.maxMessageBytes);
    this.#rate = new StreamRateWindow(options.rate);
    this.#refusals = new FailureEpisode(
      options.logger,
      `${options.name ?? 'websocket'} stream`,
      () => options.clock.now(),
      'refused message',
    );
  }

  get state(): SocketState {
    return this.#state;
  }

  get counters(): Readonly<SocketCounters> {
    return this.#counters;
  }

  /** Open, and the current connection's subscription confirmed (see above). */
  get subscribed(): boolean {
    return this.#subscribed;
  }

  /** Connects (once; later calls do nothing). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#connect();
  }

  /** Sends a text frame, or an object as JSON, when open; false when not open. */
  send(message: unknown): boolean {
    const ws = this.#ws;
    if (ws === undefined || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  /** Drops the current connection (it will reconnect as after any close): for a resubscribe from scratch. */
  reconnectNow(): void {
    this.#ws?.terminate();
  }

  /** Closes for good: no more reconnects; resolves when the socket is closed. */
  close(): Promise<void> {
    this.#closed ??= this.#closeOnce();
    return this.#closed;
  }

  async #closeOnce(): Promise<void> {
    this.#stopped = true;
    this.#clearTimers();
    const ws = this.#ws;
    this.#state = 'closed';
    this.#subscribed = false;
    if (ws === undefined || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'client closing');
      else ws.terminate();
    });
  }

  #clearTimers(): void {
    if (this.#retryTimer !== undefined) this.#o.clock.clearTimer(this.#retryTimer);
    if (this.#pingTimer !== undefined) this.#o.clock.clearTimer(this.#pingTimer);
    if (this.#confirming !== undefined) this.#o.clock.clearTimer(this.#confirming.timer);
    this.#retryTimer = undefined;
    this.#pingTimer = undefined;
    this.#confirming = undefined;
  }

  #connect(): void {
    this.#retryTimer = undefined;
    if (this.#stopped) return;
    if (this.#connects++ > 0) this.#counters.reconnects++;
    this.#state = 'connecting';
    this.#malformedThisConnection = 0;
    const ws = new WebSocket(this.#o.url, { handshakeTimeout: this.#o.handshakeTimeoutMs ?? 10_000, maxPayload: this.#maxMessageBytes });
    this.#ws = ws;
    ws.on('open', () => this.#onOpen(ws));
    ws.on('message', (data, isBinary) => this.#onMessage(ws, data, isBinary));
    ws.on('error', (err) => {
      // Over maxPayload: `ws` has stopped reading; drop the connection now rather than wait for
      // a close handshake the peer may never answer.
      if ((err as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' && this.#ws === ws) {
        this.#refuse(ws, 'too_large', { maxMessageBytes: this.#maxMessageBytes }, `a message over ${this.#maxMessageBytes} bytes`);
        return;
      }
      this.#o.logger?.debug({ url: this.#o.url, err: err.message }, 'websocket error');
    });
    ws.on('close', (code, reason) => this.#onClose(ws, code, reason.toString()));
  }

  #onOpen(ws: WebSocket): void {
    if (this.#ws !== ws) return;
    if (this.#stopped) {
      ws.terminate();
      return;
    }
    this.#state = 'open';
    this.#counters.opens++;
    this.#openedAtMs = this.#o.clock.now();
    this.#rate.restart(this.#openedAtMs);
    const reconnect = this.#everOpened;
    this.#everOpened = true;
    try {
      for (const m of this.#o.subscribe()) ws.send(typeof m === 'string' ? m : JSON.stringify(m));
    } catch (err) {
      this.#counters.handlerErrors++;
      this.#o.logger?.error(
        { url: this.#o.url, err: err instanceof Error ? err.message : String(err) },
        'websocket subscription could not be built',
      );
      ws.terminate();
      return;
    }
    this.#o.logger?.info({ url: this.#o.url, reconnect }, 'websocket open');
    ws.send('PING');
    this.#heardSincePing = false;
    const timer = this.#o.clock.setTimer(() => this.#confirm(ws), this.#o.confirmTimeoutMs ?? 5_000);
    this.#confirming = { reconnect, timer };
    this.#schedulePing(ws);
  }

  /** The subscription of `ws` is read (PONG) or the wait is over: onOpen, once per connection. */
  #confirm(ws: WebSocket): void {
    const c = this.#confirming;
    if (this.#ws !== ws || c === undefined) return;
    this.#confirming = undefined;
    this.#o.clock.clearTimer(c.timer);
    this.#subscribed = true;
    this.#call(() => this.#o.onOpen?.({ reconnect: c.reconnect }));
  }

  #schedulePing(ws: WebSocket): void {
    if (this.#pingMs <= 0) return;
    this.#pingTimer = this.#o.clock.setTimer(() => {
      this.#pingTimer = undefined;
      if (this.#ws !== ws || ws.readyState !== WebSocket.OPEN) return;
      if (!this.#heardSincePing) {
        this.#counters.deadConnections++;
        this.#o.logger?.warn({ url: this.#o.url, silentMs: this.#pingMs }, 'websocket silent for a whole ping interval; reconnecting');
        ws.terminate();
        return;
      }
      this.#heardSincePing = false;
      ws.send('PING');
      this.#schedulePing(ws);
    }, this.#pingMs);
  }

  #onMessage(ws: WebSocket, data: RawData, isBinary: boolean): void {
    if (this.#ws !== ws || this.#dropping === ws) return;
    if (!this.#withinRate(ws, byteLength(data))) return;
    this.#counters.frames++;
    this.#heardSincePing = true;
    const frame = decodeFrame(data, isBinary);
    if (frame.kind === 'ping') ws.send('PONG');
    else if (frame.kind === 'pong') this.#confirm(ws);
    else if (frame.kind === 'malformed') this.#malformed(frame.why);
    else {
      for (let i = 0; i < frame.malformed; i++) this.#malformed('not an event object');
      for (const item of frame.events) {
        this.#counters.events++;
        this.#call(() => this.#o.onEvent(item));
      }
    }
  }

  /**
   * Counts a message of `bytes` in the connection's rate window; false (and the connection
   * refused) when the window then holds more than the bound allows. A window that ended within
   * bounds closes an episode of refusals.
   */
  #withinRate(ws: WebSocket, bytes: number): boolean {
    const { rolled, excess } = this.#rate.admit(this.#o.clock.now(), bytes);
    if (rolled && this.#refusals.ongoing) this.#refusals.succeeded();
    if (excess === undefined) return true;
    const { what, ...fields } = excess;
    this.#refuse(ws, 'too_fast', fields, what);
    return false;
  }

  /** Closes `ws` for a message it must not deliver; it reconnects with backoff (#onClose). */
  #refuse(ws: WebSocket, reason: 'too_large' | 'too_fast', fields: Record<string, unknown>, what: string): void {
    this.#dropping = ws;
    if (reason === 'too_large') this.#counters.refusedTooLarge++;
    else this.#counters.refusedTooFast++;
    const name = this.#o.name ?? 'websocket';
    this.#refusals.failed({ url: this.#o.url, reason, ...fields }, `${name} stream message refused (${reason}): ${what}; reconnecting`);
    ws.terminate();
  }

  #malformed(why: string): void {
    this.#counters.malformedFrames++;
    this.#malformedThisConnection++;
    // One warning per connection; the counter tells the rest.
    if (this.#malformedThisConnection === 1) this.#o.logger?.warn({ url: this.#o.url, why }, 'malformed websocket frame ignored');
    else this.#o.logger?.debug({ url: this.#o.url, why }, 'malformed websocket frame ignored');
  }

  #call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.#counters.handlerErrors++;
      this.#o.logger?.error({ url: this.#o.url, err: err instanceof Error ? err.message : String(err) }, 'websocket handler failed');
    }
  }

  #onClose(ws: WebSocket, code: number, reason: string): void {
    if (this.#ws !== ws) return;
    this.#ws = undefined;
    if (this.#dropping === ws) this.#dropping = undefined;
    this.#subscribed = false;
    if (this.#pingTimer !== undefined) this.#o.clock.clearTimer(this.#pingTimer);
    this.#pingTimer = undefined;
    if (this.#confirming !== undefined) this.#o.clock.clearTimer(this.#confirming.timer);
    this.#confirming = undefined;
    if (this.#stopped) {
      this.#state = 'closed';
      this.#call(() => this.#o.onClose?.({ code, reason, retryInMs: undefined }));
      return;
    }
    const opened = this.#openedAtMs;
    this.#openedAtMs = undefined;
    if (opened !== undefined && this.#o.clock.now() - opened >= this.#stableMs) this.#attempt = 0;
    const retryInMs = backoffDelayMs(
      this.#attempt,
      { baseMs: this.#o.reconnectBaseMs, maxMs: this.#o.reconnectMaxMs, maxRetries: Infinity },
      this.#random,
    );
    this.#attempt = Math.min(this.#attempt + 1, 60);
    this.#state = 'connecting';
    this.#o.logger?.info({ url: this.#o.url, code, reason, retryInMs: Math.round(retryInMs) }, 'websocket closed; reconnecting');
    this.#retryTimer = this.#o.clock.setTimer(() => this.#connect(), retryInMs);
    this.#call(() => this.#o.onClose?.({ code, reason, retryInMs }));
  }
}
