/** Fill builders and fee terms shared by the portfolio tests. */
import { Decimal } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import type { FeeTerms } from '../../src/portfolio/fill-fees.js';
import type { FeeSchedule } from '../../src/venue/types.js';

export const d = (s: string | number): Decimal => new Decimal(s);

/** FeeTerms as makerd builds them from GET /fee-rate (src/market/market-metadata.ts). */
export function termsOf(s: Pick<FeeSchedule, 'rate' | 'exponent' | 'takerOnly' | 'rebateRate'>): FeeTerms {
  return { rate: new Decimal(String(s.rate)), exponent: s.exponent, takerOnly: s.takerOnly, rebateRate: new Decimal(String(s.rebateRate)) };
}

/** rate 0.25, exponent 2, takerOnly, rebate 20 % (the simulator's default schedule). */
export const TAKER_ONLY = termsOf({ rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 });
/** rate 0.1, exponent 1, makers pay too. */
export const BOTH_PAY = termsOf({ rate: 0.1, exponent: 1, takerOnly: false, rebateRate: 0 });

export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

let seq = 0;

export interface FillSpec {
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  fee?: string;
  rebate?: string;
  role?: 'taker' | 'maker';
  market?: string;
  outcome?: 0 | 1;
  atMs?: number;
  id?: string;
}

/** A fill on `<market>:<outcome>` (default 0xaaaa:0). */
export function fill(spec: FillSpec): Fill {
  const market = spec.market ?? '0xaaaa';
  const outcome = spec.outcome ?? 0;
  const at = spec.atMs ?? T0;
  seq++;
  return {
    tradeId: spec.id ?? `t${seq}`,
    conditionId: market,
    tokenId: `${market}:${outcome}`,
    outcomeIndex: outcome,
    side: spec.side,
    price: d(spec.price),
    size: d(spec.size),
    role: spec.role ?? 'taker',
    fee: d(spec.fee ?? '0'),
    rebate: d(spec.rebate ?? '0'),
    matchTime: new Date(at).toISOString(),
    timestampMs: at,
    orderId: `o${seq}`,
  };
}

/** Decimal-valued fields as strings, for exact comparisons. */
export function plain<T extends object>(o: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = Decimal.isDecimal(v) ? (v as Decimal).toFixed() : v;
  return out;
}
