/**
 * What the portfolio reports (portfolio.ts): the PnL figures of a token, a market and the whole
 * account, the equity curve and the trading day, and how a token's and a market's figures are
 * read off its positions. Pure: values in, values out.
 */
import { type Decimal, ZERO } from '../money.js';
import type { TokenPosition } from './token-position.js';

export interface PnlFigures {
  readonly realizedPnl: Decimal;
  readonly unrealizedPnl: Decimal;
  /** realized + unrealized */
  readonly totalPnl: Decimal;
  /** Closing gains before fees and rebates. */
  readonly tradingPnl: Decimal;
  /** Gains of positions settled at 1 or 0 when their market resolved (in realizedPnl). */
  readonly settlementPnl: Decimal;
  readonly feesPaid: Decimal;
  readonly rebatesReceived: Decimal;
  readonly volumeShares: Decimal;
  /** USDC: sum of price x shares. */
  readonly volumeNotional: Decimal;
  readonly fills: number;
}

export interface TokenSnapshot extends PnlFigures {
  readonly tokenId: string;
  readonly conditionId: string;
  readonly outcomeIndex: 0 | 1;
  /** Signed shares. */
  readonly size: Decimal;
  readonly avgPrice: Decimal;
  /** Cost basis of the open position. */
  readonly cost: Decimal;
  /** The last midpoint given; undefined when never marked. */
  readonly mark: Decimal | undefined;
  readonly boughtShares: Decimal;
  readonly lastFillPrice: Decimal | undefined;
  readonly lastFillMs: number;
}

export interface MarketSnapshot extends PnlFigures {
  readonly conditionId: string;
  /** Signed shares of outcome 0 and outcome 1. */
  readonly positions: readonly [Decimal, Decimal];
  readonly avgPrices: readonly [Decimal, Decimal];
  readonly marks: readonly [Decimal | undefined, Decimal | undefined];
  /** positions[0] - positions[1] */
  readonly netExposure: Decimal;
  /** The tokens that have fills, outcome 0 first. */
  readonly tokens: readonly TokenSnapshot[];
}

export interface EquitySnapshot {
  readonly totalPnl: Decimal;
  /** Highest total PnL seen (>= 0: the curve starts at 0). */
  readonly peakPnl: Decimal;
  /** peakPnl - totalPnl (>= 0). */
  readonly drawdown: Decimal;
  readonly maxDrawdown: Decimal;
}

export interface DailySnapshot {
  readonly dayStartMs: number;
  readonly resetHourUtc: number;
  /** Total PnL when the day started. */
  readonly startTotalPnl: Decimal;
  /** Total PnL change since the day started (negative is a loss). */
  readonly pnl: Decimal;
  /** The realized part of that change. */
  readonly realizedPnl: Decimal;
}

export interface PortfolioSnapshot {
  readonly atMs: number;
  readonly totals: PnlFigures;
  readonly markets: readonly MarketSnapshot[];
  readonly equity: EquitySnapshot;
  readonly daily: DailySnapshot;
  /** Tokens with a non-zero position and no mark: their unrealized PnL is counted as 0. */
  readonly unmarkedTokens: readonly string[];
}

export function sumFigures(parts: readonly PnlFigures[]): PnlFigures {
  let realizedPnl = ZERO;
  let unrealizedPnl = ZERO;
  let tradingPnl = ZERO;
  let settlementPnl = ZERO;
  let feesPaid = ZERO;
  let rebatesReceived = ZERO;
  let volumeShares = ZERO;
  let volumeNotional = ZERO;
  let fills = 0;
  for (const p of parts) {
    realizedPnl = realizedPnl.add(p.realizedPnl);
    unrealizedPnl = unrealizedPnl.add(p.unrealizedPnl);
    tradingPnl = tradingPnl.add(p.tradingPnl);
    if (!p.settlementPnl.isZero()) settlementPnl = settlementPnl.add(p.settlementPnl);
    feesPaid = feesPaid.add(p.feesPaid);
    rebatesReceived = rebatesReceived.add(p.rebatesReceived);
    volumeShares = volumeShares.add(p.volumeShares);
    volumeNotional = volumeNotional.add(p.volumeNotional);
    fills += p.fills;
  }
  return {
    realizedPnl,
    unrealizedPnl,
    totalPnl: realizedPnl.add(unrealizedPnl),
    tradingPnl,
    settlementPnl,
    feesPaid,
    rebatesReceived,
    volumeShares,
    volumeNotional,
    fills,
  };
}

/** A token's figures, its unrealized PnL at `mark` (0 when never marked or flat). */
export function tokenSnapshot(p: TokenPosition, mark: Decimal | undefined): TokenSnapshot {
  const realizedPnl = p.realizedPnl;
  const unrealizedPnl = mark === undefined || p.size.isZero() ? ZERO : p.unrealizedAt(mark);
  return {
    tokenId: p.tokenId,
    conditionId: p.conditionId,
    outcomeIndex: p.outcomeIndex,
    size: p.size,
    avgPrice: p.avgPrice,
    cost: p.cost,
    mark,
    realizedPnl,
    unrealizedPnl,
    totalPnl: realizedPnl.add(unrealizedPnl),
    tradingPnl: p.tradingPnl,
    settlementPnl: p.settlementPnl,
    feesPaid: p.feesPaid,
    rebatesReceived: p.rebatesReceived,
    volumeShares: p.volumeShares,
    volumeNotional: p.volumeNotional,
    fills: p.fills,
    boughtShares: p.boughtShares,
    lastFillPrice: p.lastFillPrice,
    lastFillMs: p.lastFillMs,
  };
}

/** A market's figures: the sums of its tokens (`tokens`, by outcome), its positions and net exposure. */
export function marketSnapshot(
  conditionId: string,
  positions: readonly [TokenPosition | undefined, TokenPosition | undefined],
  markOf: (tokenId: string) => Decimal | undefined,
): MarketSnapshot {
  const tokens = positions.filter((t): t is TokenPosition => t !== undefined).map((t) => tokenSnapshot(t, markOf(t.tokenId)));
  const of = (i: 0 | 1): TokenSnapshot | undefined => tokens.find((t) => t.outcomeIndex === i);
  const q0 = of(0)?.size ?? ZERO;
  const q1 = of(1)?.size ?? ZERO;
  return {
    conditionId,
    ...sumFigures(tokens),
    positions: [q0, q1],
    avgPrices: [of(0)?.avgPrice ?? ZERO, of(1)?.avgPrice ?? ZERO],
    marks: [markOf(of(0)?.tokenId ?? ''), markOf(of(1)?.tokenId ?? '')],
    netExposure: q0.sub(q1),
    tokens,
  };
}
