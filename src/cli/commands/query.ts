/**
 * `makerd query <what> [--param value ...]`: calls one read endpoint and prints its JSON answer.
 * Flags are the endpoint's own parameter names, in kebab-case or as the venue spells them
 * (`--token-id` or `--token_id`, `--sort-by` or `--sortBy`); values are checked by the same
 * rules as every client call before anything is sent.
 */
import { ENDPOINTS, type EndpointId } from '../../venue/endpoints.js';
import { ErrorCode, isMakerdError } from '../../errors.js';
import { QUERY_RULES } from '../../venue/param-rules.js';
import { prepareQueryRequest } from '../../venue/request-builder.js';
import { UsageError, type CliIo } from '../io.js';

interface QueryDef {
  readonly id: EndpointId;
  /** Paged envelope: `--all` walks every page with this iterator. */
  readonly iterate?: string;
}

export const QUERIES: Readonly<Record<string, QueryDef>> = {
  trades: { id: 'getTrades' },
  positions: { id: 'getPositions' },
  comments: { id: 'getUserComments' },
  replies: { id: 'getCommentReplies' },
  books: { id: 'postBooks' },
  book: { id: 'getBook' },
  midpoints: { id: 'postMidpoints' },
  markets: { id: 'getMarkets', iterate: 'iterateMarkets' },
  market: { id: 'getMarket' },
  'clob-market': { id: 'getClobMarket' },
  'simplified-markets': { id: 'getSimplifiedMarkets', iterate: 'iterateSimplifiedMarkets' },
  'sampling-simplified-markets': { id: 'getSamplingSimplifiedMarkets', iterate: 'iterateSamplingSimplifiedMarkets' },
  'account-trades': { id: 'getAccountTrades', iterate: 'iterateAccountTrades' },
  'builder-trades': { id: 'getBuilderTrades', iterate: 'iterateBuilderTrades' },
  orders: { id: 'getOpenOrders', iterate: 'iterateOpenOrders' },
  order: { id: 'getOrder' },
  search: { id: 'publicSearch' },
  'fee-rate': { id: 'getFeeRate' },
  leaderboard: { id: 'getLeaderboard' },
  tags: { id: 'getTags' },
  event: { id: 'getEventBySlug' },
  creators: { id: 'getEventCreators' },
};

const TOKEN_BATCH: ReadonlySet<EndpointId> = new Set(['postBooks', 'postMidpoints']);

/** The parameter names an endpoint takes: its query rules plus its path parameters. */
export function parameterNames(id: EndpointId): string[] {
  if (TOKEN_BATCH.has(id)) return ['token_id'];
  const pathNames = [...ENDPOINTS[id].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return [...pathNames, ...Object.keys(QUERY_RULES[id])];
}

const normalize = (s: string): string => s.toLowerCase().replace(/[-_]/g, '');

/** `token_id` -> `--token-id`, `sortBy` -> `--sort-by`. */
export const toFlag = (name: string): string =>
  `--${name
    .replace(/_/g, '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()}`;

export interface ParsedQueryArgs {
  readonly what: string;
  readonly def: QueryDef;
  readonly params: Record<string, string | string[]>;
  readonly all: boolean;
}

export function parseQueryArgs(args: readonly string[]): ParsedQueryArgs {
  const [what, ...rest] = args;
  if (what === undefined || what.startsWith('-')) throw new UsageError(`query needs one of: ${Object.keys(QUERIES).join(', ')}`);
  const def = QUERIES[what];
  if (def === undefined) throw new UsageError(`unknown query '${what}'; one of: ${Object.keys(QUERIES).join(', ')}`);
  const names = parameterNames(def.id);
  const byNorm = new Map(names.map((n) => [normalize(n), n]));
  // For the token batch endpoints, --token-ids a,b and repeated --token-id both work.
  if (TOKEN_BATCH.has(def.id)) byNorm.set('tokenids', 'token_id');
  const params: Record<string, string | string[]> = {};
  let all = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new UsageError(`query ${what}: unexpected argument '${a}'`);
    const flag = m[1]!;
    if (flag === 'all' && def.iterate !== undefined && m[2] === undefined) {
      all = true;
      continue;
    }
    const name = byNorm.get(normalize(flag));
    if (name === undefined) {
      const known = names.map(toFlag).join(', ');
      throw new UsageError(`query ${what}: unknown flag --${flag}; parameters: ${known || '(none)'}${def.iterate ? ', --all' : ''}`);
    }
    const value = m[2] ?? rest[++i];
    if (value === undefined) throw new UsageError(`query ${what}: flag --${flag} needs a value`);
    if (TOKEN_BATCH.has(def.id)) {
      const list = (params.token_id as string[] | undefined) ?? [];
      for (const s of value.split(',')) if (s !== '') list.push(s);
      params.token_id = list;
    } else params[name] = value;
  }
  if (!TOKEN_BATCH.has(def.id)) checkParams(def.id, params);
  return { what, def, params, all };
}

/**
 * The values are checked here, by the rules the client applies before it sends, so that a value
 * the endpoint cannot take (`--user 0xnotanaddress`) is a usage error (exit 2) naming the
 * parameter and the rule, before anything is started or sent.
 */
function checkParams(id: EndpointId, params: Readonly<Record<string, string | string[]>>): void {
  try {
    prepareQueryRequest(id, params);
  } catch (err) {
    if (isMakerdError(err, ErrorCode.BAD_PARAMETER)) throw new UsageError(`${err.code}: ${err.message}`);
    throw err;
  }
}

export function queryHelp(): string {
  const lines = ['Usage: makerd query <what> [--param value ...]', '', 'what:'];
  for (const [name, def] of Object.entries(QUERIES)) {
    const e = ENDPOINTS[def.id];
    const params = parameterNames(def.id).map(toFlag);
    if (def.iterate) params.push('--all');
    lines.push(`  ${name.padEnd(28)} ${e.route}${e.auth ? ' (signed)' : ''}`);
    if (params.length > 0) lines.push(`  ${''.padEnd(28)} ${params.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

type AnyCall = (params?: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>;
type AnyIterate = (params?: unknown, options?: { signal?: AbortSignal }) => AsyncIterable<{ data: unknown[] }>;

/** Runs the parsed query on `client` and prints the JSON answer (all pages with --all). */
export async function runQuery(client: object, q: ParsedQueryArgs, io: CliIo): Promise<number> {
  const c = client as Record<string, unknown>;
  const signal = io.stopSignal;
  let result: unknown;
  if (TOKEN_BATCH.has(q.def.id)) {
    const tokens = q.params.token_id;
    if (!Array.isArray(tokens) || tokens.length === 0) throw new UsageError(`query ${q.what}: --token-id is required`);
    result = await (c[q.def.id] as AnyCall)(tokens, { signal });
  } else if (q.all && q.def.iterate !== undefined) {
    const items: unknown[] = [];
    for await (const page of (c[q.def.iterate] as AnyIterate)(q.params, { signal })) for (const item of page.data) items.push(item);
    result = items;
  } else {
    result = await (c[q.def.id] as AnyCall)(q.params, { signal });
  }
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}
