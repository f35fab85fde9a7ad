/**
 * The diff's size tolerance (size x resizeFraction) in micro-units, floored: an integer size gap
 * exceeds the tolerance exactly when it exceeds its floor. Worked out in Decimal once per
 * (resizeFraction, size) and remembered: the diff asks at every evaluation of every market, and
 * the sizes a strategy quotes are few. The value depends only on the two numbers, so a remembered
 * one is the one the Decimal arithmetic would give again.
 */
import { Decimal, fromScaledInt, microOf } from '../money.js';

/** More sizes than this (trimmed sizes of a long run) start the table afresh, to bound memory. */
const MAX_SIZES = 4096;

const byFraction = new Map<number, Map<number, number | undefined>>();

/** floor(sizeMicro x resizeFraction) in micro-units, or undefined when it has no exact form. */
export function sizeToleranceMicro(sizeMicro: number, resizeFraction: number): number | undefined {
  let bySize = byFraction.get(resizeFraction);
  if (bySize === undefined) byFraction.set(resizeFraction, (bySize = new Map()));
  if (bySize.has(sizeMicro)) return bySize.get(sizeMicro);
  const t = fromScaledInt(sizeMicro).mul(resizeFraction);
  const micro = microOf(t) ?? microOf(t.toDecimalPlaces(6, Decimal.ROUND_FLOOR));
  if (bySize.size >= MAX_SIZES) bySize.clear();
  bySize.set(sizeMicro, micro);
  return micro;
}
