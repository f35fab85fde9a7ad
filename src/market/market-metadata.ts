/**
 * A market's trading rules (MarketMeta) from the venue's three answers: the order-book settings
 * (GET /clob-markets/{id}: tick `mts`, minimum size `mos`, neg risk `nr`, tokens `t`), the market
 * (GET /markets/{id}: tokens with outcomes, slug, end date, event, whether it still takes orders)
 * and the fee rate of outcome 0's token (GET /fee-rate?token_id=...: fee_schedule). Pure: values in, a MarketMeta or a BAD_RESPONSE
 * naming the field and the value out. Nothing here guesses: a value that does not fit is an
 * error, and a market whose rules cannot be read is not quoted (see metadata-cache.ts).
 *
 * Numbers of the JSON answers become Decimal through their shortest decimal text (String(n)), so
 * 0.01 is exactly 0.01; a number that prints in exponent form (1e-7) is rejected, never rounded.
 */
import { badResponse } from '../errors.js';
import { Decimal, isValidPrice, parseDecimal } from '../money.js';
import { parseRewardRules } from '../rewards/reward-rules.js';
import type { ClobMarketSettings, FeeRate, Market, MarketToken } from '../venue/types.js';
import { type EndDate, parseEndDate, venueClosedOf } from './market-end.js';
import type { FeeModel, MarketMeta } from './market-view.js';

/** The venue takes sizes with two decimal places. */
export const SIZE_STEP = new Decimal('0.01');

const CLOB = 'GET /clob-markets/{condition_id}';
const MARKET = 'GET /markets/{condition_id}';
const FEE = 'GET /fee-rate';

function decimalOf(where: string, field: string, value: unknown): Decimal {
  const d = typeof value === 'number' ? parseDecimal(value) : undefined;
  if (d === undefined) throw badResponse(where, field, 'must be a finite number in plain decimal form', value);
  return d;
}

function tickOf(s: ClobMarketSettings): Decimal {
  const tick = decimalOf(CLOB, 'mts', s.mts);
  if (!isValidPrice(tick)) throw badResponse(CLOB, 'mts', 'must be a tick size strictly between 0 and 1', s.mts);
  return tick;
}

function minSizeOf(s: ClobMarketSettings): Decimal {
  const min = decimalOf(CLOB, 'mos', s.mos);
  if (min.isNegative()) throw badResponse(CLOB, 'mos', 'must not be negative', s.mos);
  return min;
}

/** The fee schedule of a `GET /fee-rate` answer, checked (BAD_RESPONSE naming the field otherwise). */
export function feeModelOf(f: FeeRate): FeeModel {
  const fs = f?.fee_schedule;
  if (typeof fs !== 'object' || fs === null) throw badResponse(FEE, 'fee_schedule', 'must be an object', fs === null ? null : typeof fs);
  const rate = decimalOf(FEE, 'fee_schedule.rate', fs.rate);
  if (rate.isNegative() || rate.gt(1)) throw badResponse(FEE, 'fee_schedule.rate', 'must be in [0, 1]', fs.rate);
  if (!Number.isSafeInteger(fs.exponent) || fs.exponent < 0 || fs.exponent > 10) {
    throw badResponse(FEE, 'fee_schedule.exponent', 'must be an integer in [0, 10]', fs.exponent);
  }
  if (typeof fs.takerOnly !== 'boolean') throw badResponse(FEE, 'fee_schedule.takerOnly', 'must be a boolean', fs.takerOnly);
  const rebateRate = decimalOf(FEE, 'fee_schedule.rebateRate', fs.rebateRate);
  if (rebateRate.isNegative() || rebateRate.gt(1)) throw badResponse(FEE, 'fee_schedule.rebateRate', 'must be in [0, 1]', fs.rebateRate);
  return { rate, exponent: fs.exponent, takerOnly: fs.takerOnly, rebateRate };
}

/**
 * The outcome index of a market token: the `<condition_id>:<i>` suffix of its id (design.md 3),
 * else the position of its outcome label in `market.outcomes`. Anything else is an error.
 */
function outcomeIndexOf(m: TokenListing, tokenId: string, outcome: unknown, field: string): number {
  const prefix = `${m.condition_id}:`;
  if (tokenId.startsWith(prefix)) {
    const rest = tokenId.slice(prefix.length);
    if (/^(0|[1-9]\d*)$/.test(rest)) return Number(rest);
  }
  const outcomes = Array.isArray(m.outcomes) ? m.outcomes : [];
  const at = typeof outcome === 'string' ? outcomes.indexOf(outcome) : -1;
  if (at < 0 || outcomes.lastIndexOf(outcome as string) !== at) {
    throw badResponse(MARKET, field, "names no outcome index (neither '<condition_id>:<i>' nor a unique label of 'outcomes')", tokenId);
  }
  return at;
}

/** What tokensOf reads: a Market (2.5) or a SimplifiedMarket (2.6) has it. */
export type TokenListing = Pick<Market, 'condition_id' | 'outcomes'> & { tokens: readonly Pick<MarketToken, 'token_id' | 'outcome'>[] };

/** Outcome 0's and outcome 1's token ids; exactly two tokens, indices 0 and 1. */
export function tokensOf(m: TokenListing): [string, string] {
  if (!Array.isArray(m.tokens) || m.tokens.length !== 2) {
    throw badResponse(
      MARKET,
      'tokens',
      'must hold exactly 2 tokens (binary markets only)',
      Array.isArray(m.tokens) ? m.tokens.length : m.tokens,
    );
  }
  const byIndex: (string | undefined)[] = [undefined, undefined];
  m.tokens.forEach((t, i) => {
    const field = `tokens[${i}].token_id`;
    if (typeof t?.token_id !== 'string' || t.token_id === '') throw badResponse(MARKET, field, 'must be a non-empty string', t?.token_id);
    const ix = outcomeIndexOf(m, t.token_id, t.outcome, field);
    if (ix > 1 || byIndex[ix] !== undefined) throw badResponse(MARKET, field, 'must be outcome 0 or 1, each once', t.token_id);
    byIndex[ix] = t.token_id;
  });
  return [byIndex[0]!, byIndex[1]!];
}

/**
 * The market's event (`event.id`). A neg-risk market must name it: the risk gate counts the
 * worst case over all of an event's outcomes (risk.perEvent), and a neg-risk market whose event
 * is not known cannot be counted with the others. Any other market's malformed `event` reads as none.
 */
function eventIdOf(m: Market, negRisk: boolean): string | undefined {
  const event: unknown = m.event;
  const id = typeof event === 'object' && event !== null ? (event as { id?: unknown }).id : undefined;
  if (typeof id === 'string' && id !== '') return id;
  if (negRisk) throw badResponse(MARKET, 'event.id', 'must be a non-empty string for a neg-risk market', id ?? event ?? null);
  return undefined;
}

function endOf(end: EndDate): Pick<MarketMeta, 'endDateMs' | 'endDateProblem'> {
  return 'ms' in end ? { endDateMs: end.ms } : { endDateMs: undefined, endDateProblem: end.problem };
}

/** Throws BAD_RESPONSE when the three answers are not about the same market and its two tokens. */
function checkSameMarket(s: ClobMarketSettings, m: Market, tokens: readonly [string, string]): void {
  if (typeof m.condition_id !== 'string' || m.condition_id === '')
    throw badResponse(MARKET, 'condition_id', 'must be a non-empty string', m.condition_id);
  if (s.c !== m.condition_id) throw badResponse(CLOB, 'c', `must equal the market's condition id ${m.condition_id}`, s.c);
  if (!Array.isArray(s.t)) throw badResponse(CLOB, 't', 'must be an array', s.t);
  const clobTokens = s.t.map((t) => t?.t).sort();
  const marketTokens = [...tokens].sort();
  if (clobTokens.length !== 2 || clobTokens[0] !== marketTokens[0] || clobTokens[1] !== marketTokens[1]) {
    throw badResponse(CLOB, 't', `must list the market's tokens ${tokens.join(', ')}`, clobTokens);
  }
  if (typeof s.nr !== 'boolean') throw badResponse(CLOB, 'nr', 'must be a boolean', s.nr);
}

/** The market's trading rules, or BAD_RESPONSE naming the field and value that do not fit. */
export function toMarketMeta(clobSettings: ClobMarketSettings, market: Market, feeRate: FeeRate, nowMs: number): MarketMeta {
  const tokens = tokensOf(market);
  checkSameMarket(clobSettings, market, tokens);
  const slug = typeof market.market_slug === 'string' && market.market_slug !== '' ? market.market_slug : market.slug;
  return {
    conditionId: market.condition_id,
    slug: typeof slug === 'string' ? slug : '',
    tokens,
    tickSize: tickOf(clobSettings),
    minOrderSize: minSizeOf(clobSettings),
    sizeStep: SIZE_STEP,
    negRisk: clobSettings.nr,
    eventId: eventIdOf(market, clobSettings.nr),
    fees: feeModelOf(feeRate),
    // A market whose end is not known is not quoted (market-end.ts): the problem says why.
    ...endOf(parseEndDate(market.end_date_iso)),
    venueClosed: venueClosedOf(market),
    fetchedAtMs: nowMs,
    // A malformed rewards object is not a reason to stop quoting: it reads as paying nothing.
    rewards: parseRewardRules(market.rewards),
  };
}
