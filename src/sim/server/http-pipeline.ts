/**
 * One venue request, from the socket to the answer, in the order a venue edge applies things:
 *   route match (404; 400 for a path that is not valid percent-encoding) -> faults (reset, 425,
 *   429 storm, 5xx) -> edge limits (429) -> authentication (401) -> parameters (400) -> handler
 *   -> hostile answer (huge books, giant answer, deep JSON, garbage) or malformed fault ->
 *   latency -> answer (trickled, one byte a second, on the routes of the `trickle` fault).
 * `/_sim/*` skips everything but the handler. Every error becomes the contract's error body in
 * `error-response.ts`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { badParameter } from '../../errors.js';
import { type EndpointId, matchEndpoint } from '../../venue/endpoints.js';
import { checkQuery } from '../../venue/param-rules.js';
import type { OrderBookSnapshot } from '../../venue/types.js';
import type { SimAccount } from '../contracts.js';
import type { AccountRegistry } from './account-registry.js';
import { verifyRequestAuth, type AuthSettings } from './auth.js';
import type { BookView } from './book-view.js';
import type { EdgeLimits } from './edge-limits.js';
import { toErrorResponse } from './error-response.js';
import type { FaultController } from './faults.js';
import { notFound, restarting, SimHttpError, throttled, unauthorized, venueFault } from './http-error.js';
import { BodyStreamer } from './body-stream.js';
import { deepMidpointsBody, garbageBody, giantBooksBody, hugeBooksBody, MB, type StreamedBody } from './hostile-answers.js';
import { MALFORMABLE, malformBody } from './malform.js';
import type { RequestContext } from './request-context.js';
import { ROUTES } from './routes/route-table.js';
import { handleSimRoute, type SimRouteDeps } from './routes/sim-routes.js';
import type { StatsRecorder } from './stats.js';
import type { SimServerWorld } from './world.js';

/** Bodies above this size are refused (the largest legitimate body, 500 token ids, is ~40 kB). */
const MAX_BODY_BYTES = 1 << 20;

export interface PipelineDeps {
  readonly world: SimServerWorld;
  readonly clock: Clock;
  readonly registry: AccountRegistry;
  readonly auth: AuthSettings;
  readonly limits: EdgeLimits;
  readonly faults: FaultController;
  readonly books: BookView;
  readonly stats: StatsRecorder;
  readonly logger: Logger | undefined;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(c);
    });
    req.on('end', () =>
      resolve(chunks.length === 0 ? '' : chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

export class HttpPipeline {
  readonly #d: PipelineDeps;
  readonly #simDeps: SimRouteDeps;
  /** Real-time timers of the latency fault, cleared on close. */
  readonly #delays = new Set<NodeJS.Timeout>();
  /** Writes the hostile and trickled answers; closing it stops them. */
  readonly #streamer = new BodyStreamer();

  constructor(deps: PipelineDeps) {
    this.#d = deps;
    this.#simDeps = { world: deps.world, stats: deps.stats, faults: deps.faults, limits: deps.limits, now: () => deps.clock.now() };
  }

  close(): void {
    for (const t of this.#delays) clearTimeout(t);
    this.#delays.clear();
    this.#streamer.close();
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.#handle(req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) this.#sendError(res, err, 0);
    });
  };

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const path = qi === -1 ? url : url.slice(0, qi);
    const search = qi === -1 ? '' : url.slice(qi + 1);
    const method = req.method ?? 'GET';
    const d = this.#d;

    const isSim = path.startsWith('/_sim/');
    // A path that is not valid percent-encoding names no resource: 400, not a handler crash.
    let match: ReturnType<typeof matchEndpoint>;
    let badPath = false;
    try {
      match = isSim ? undefined : matchEndpoint(method, path);
    } catch {
      badPath = true;
    }
    if (!isSim) d.stats.request(match?.def.route ?? 'unknown');

    let rawBody: string;
    try {
      rawBody = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        this.#sendError(res, badParameter(`${method} ${path}`, 'body', `must be at most ${MAX_BODY_BYTES} bytes`), 0, !isSim);
      } else req.socket.destroy();
      return;
    }

    if (isSim) {
      try {
        this.#send(
          res,
          200,
          JSON.stringify(handleSimRoute(this.#simDeps, method, path, new URLSearchParams(search), rawBody)),
          0,
          undefined,
          false,
        );
      } catch (err) {
        this.#sendError(res, err, 0, false);
      }
      return;
    }

    const started = performance.now();
    const delay = d.faults.delayMs();
    const trickle = match !== undefined && d.faults.trickles(match.def.route);
    try {
      if (badPath) throw badParameter(`${method} ${path}`, 'path', 'must be valid percent-encoded text');
      if (!match) throw notFound(`route ${method} ${path}`);
      const { def } = match;

      const verdict = d.faults.verdict();
      if (verdict.kind !== 'none') {
        d.stats.fault(verdict.kind);
        if (verdict.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        if (verdict.kind === 'maintenance') throw restarting(verdict.retryAfterSec);
        if (verdict.kind === 'storm') throw throttled(verdict.retryAfterSec, 'throttle storm');
        throw venueFault('injected venue fault');
      }

      const now = d.clock.now();
      const edge = d.limits.admit(def.route, def.surface, now);
      if (!edge.admitted) {
        d.stats.edgeThrottle(edge.scope);
        throw throttled(edge.retryAfterSec, edge.scope);
      }

      let account: SimAccount | undefined;
      if (def.auth) {
        const outcome = verifyRequestAuth(d.registry, d.auth, now, { method, path, headers: req.headers, rawBody });
        if (!outcome.ok) {
          d.stats.authFailure(outcome.reason);
          throw unauthorized(outcome.message);
        }
        account = outcome.account;
      }

      const query = checkQuery(def.id, search === '' ? {} : Object.fromEntries(new URLSearchParams(search)), { applyDefaults: true });
      const ctx: RequestContext = { def, pathParams: match.pathParams, query, rawBody, account, world: d.world, books: d.books, now };
      let result = ROUTES[def.id](ctx);
      const hostile = this.#hostileBody(def.id, result, rawBody);
      if (hostile === undefined && MALFORMABLE.has(def.id)) {
        const kind = d.faults.malformation();
        if (kind !== undefined) {
          d.stats.fault(`malformed_${kind}`);
          result = malformBody(def.id, result, kind);
        }
      }
      this.#send(res, 200, hostile ?? JSON.stringify(result), delay, undefined, true, trickle);
      d.logger?.debug({ route: def.route, status: 200, ms: performance.now() - started }, 'sim request');
    } catch (err) {
      const status = this.#sendError(res, err, delay, true, trickle);
      d.logger?.debug({ route: match?.def.route ?? 'unknown', status, ms: performance.now() - started }, 'sim request');
    }
  }

  /**
   * The hostile answer in force for this route, if any (garbage, then a giant answer, then huge
   * books on the books routes; deep JSON on `POST /midpoints`), counted as applied.
   */
  #hostileBody(id: EndpointId, result: unknown, rawBody: string): StreamedBody | undefined {
    const f = this.#d.faults.current;
    let body: StreamedBody | undefined;
    if (id === 'postBooks' && f.garbage) body = garbageBody(() => this.#d.faults.draw());
    else if (id === 'postBooks' && f.giantAnswersMb > 0) body = giantBooksBody(result as OrderBookSnapshot[], f.giantAnswersMb * MB);
    else if ((id === 'postBooks' || id === 'getBook') && f.hugeBooks > 0)
      body = hugeBooksBody(result as OrderBookSnapshot | OrderBookSnapshot[], f.hugeBooks);
    else if (id === 'postMidpoints' && f.deepJson > 0) {
      // The handler has checked the batch: a non-empty array of {token_id}.
      const first = (JSON.parse(rawBody) as { token_id: string }[])[0]!.token_id;
      body = deepMidpointsBody(first, f.deepJson);
    }
    if (body !== undefined) this.#d.stats.fault(body.fault);
    return body;
  }

  #sendError(res: ServerResponse, err: unknown, delay: number, counted = true, trickle = false): number {
    const e = toErrorResponse(err);
    if (e.status === 500 && !(err instanceof SimHttpError)) {
      this.#d.logger?.error({ err }, 'sim handler failed');
    }
    this.#send(res, e.status, e.body, delay, e.retryAfterSec, counted, trickle);
    return e.status;
  }

  /**
   * `counted` is false for `/_sim/*`, which the venue stats leave out. A streamed (hostile) body or
   * a trickled one goes through the BodyStreamer; its bytes are counted under its fault.
   */
  #send(
    res: ServerResponse,
    status: number,
    body: string | StreamedBody,
    delay: number,
    retryAfterSec?: number,
    counted = true,
    trickle = false,
  ): void {
    if (counted) this.#d.stats.response(status);
    const write = (): void => {
      if (res.destroyed) return;
      if (typeof body !== 'string' || trickle) {
        this.#stream(res, status, body, retryAfterSec, trickle);
        return;
      }
      const headers: Record<string, string | number> = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      };
      if (retryAfterSec !== undefined) headers['retry-after'] = String(retryAfterSec);
      res.writeHead(status, headers);
      res.end(body);
    };
    if (delay <= 0) {
      write();
      return;
    }
    const t = setTimeout(() => {
      this.#delays.delete(t);
      write();
    }, delay);
    this.#delays.add(t);
  }

  #stream(res: ServerResponse, status: number, body: string | StreamedBody, retryAfterSec: number | undefined, trickle: boolean): void {
    const stats = this.#d.stats;
    const streamed: StreamedBody = typeof body === 'string' ? { fault: 'trickle', pieces: [body], length: Buffer.byteLength(body) } : body;
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (streamed.length !== undefined) headers['content-length'] = streamed.length;
    if (retryAfterSec !== undefined) headers['retry-after'] = String(retryAfterSec);
    if (trickle) stats.fault('trickle');
    const kinds = trickle && streamed.fault !== 'trickle' ? [streamed.fault, 'trickle'] : [streamed.fault];
    this.#streamer.write(res, streamed.pieces, { status, headers, trickle, onBytes: (n) => stats.faultBytes(kinds, n) }).then(
      () => undefined,
      (err: unknown) => {
        // A generator or socket failure mid-answer: the head is out, so the connection is all that can go.
        this.#d.logger?.error({ err }, 'sim streamed answer failed');
        res.destroy();
      },
    );
  }
}
