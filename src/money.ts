/**
 * Money is decimal.js built straight from the venue's strings, never a JavaScript number.
 * One Decimal constructor for the whole daemon, with enough precision that no price x size x fee
 * product ever rounds implicitly; rounding to ticks and size steps is always explicit.
 *
 * The hot helpers (parsing, tick and step rounding, multiple-of checks) take an exact integer path
 * when the values are small: a price or size with at most MAX_DP decimals is an integer count of
 * 10^-MAX_DP units, and below 10^15 such integers are exact in a JavaScript number, so integer
 * division and remainder give the very results decimal.js would, without its long division. The
 * Decimals they return are built with decimal.js's own representation (normalized base-1e7 digit
 * words), identical to what decimal.js builds; anything else takes the decimal.js path.
 */
import { Decimal as DecimalJs } from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 });
export type Decimal = DecimalJs;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);

const DECIMAL_TEXT = /^-?(\d+)(\.\d+)?$/;

/** Parses a decimal string; undefined when it is not plain decimal text ("1e3", "", "NaN" fail). */
export function parseDecimal(text: unknown): Decimal | undefined {
  if (typeof text === 'number') {
    if (!Number.isFinite(text)) return undefined;
    text = String(text);
  }
  if (typeof text !== 'string' || !DECIMAL_TEXT.test(text)) return undefined;
  return plainDecimal(text);
}

/**
 * parseDecimal's Decimal for unsigned plain text of at most 15 digits and 14 decimals (what the
 * venue sends for prices and sizes), read in one pass without a regular expression or a copy of
 * the text; undefined for anything else (a sign, more digits, not plain text), which the caller
 * then parses with parseDecimal. The same Decimal as parseDecimal's whenever it gives one.
 */
export function parseUnsignedPlain(text: string): Decimal | undefined {
  const len = text.length;
  let n = 0;
  let digits = 0;
  let dot = -1;
  for (let i = 0; i < len; i++) {
    const ch = text.charCodeAt(i) - 48;
    if (ch >= 0 && ch <= 9) {
      n = n * 10 + ch;
      digits++;
    } else if (ch === -2 /* '.' */ && dot === -1 && i > 0 && i < len - 1) dot = i;
    else return undefined;
  }
  const k = dot === -1 ? 0 : len - dot - 1;
  if (digits === 0 || digits > 15 || k > MAX_DP) return undefined;
  return fromScaled(n, k);
}

/**
 * `a.cmp(b)` for finite Decimals, without the copy of `b` decimal.js makes on every comparison
 * (the guards compare a few prices per market evaluation, at a few microseconds a market): the
 * same steps on decimal.js's own representation (sign, base-10 exponent, normalized base-1e7
 * digit words). A randomized test holds it equal to `cmp`.
 */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const ad = a.d;
  const bd = b.d;
  const as = a.s;
  if (!ad[0] || !bd[0]) return ad[0] ? (as as -1 | 1) : bd[0] ? (-b.s as -1 | 1) : 0;
  if (as !== b.s) return as as -1 | 1;
  const flip = as < 0;
  if (a.e !== b.e) return a.e > b.e !== flip ? 1 : -1;
  const n = Math.min(ad.length, bd.length);
  for (let i = 0; i < n; i++) if (ad[i] !== bd[i]) return ad[i]! > bd[i]! !== flip ? 1 : -1;
  return ad.length === bd.length ? 0 : ad.length > bd.length !== flip ? 1 : -1;
}

/** A price strictly inside (0, 1). */
export function isValidPrice(p: Decimal): boolean {
  return p.isFinite() && compareDecimals(p, ZERO) > 0 && compareDecimals(p, ONE) < 0;
}

/** Rounds a price down (bids) or up (asks) to a multiple of `tick`. */
export function roundToTick(price: Decimal, tick: Decimal, direction: 'down' | 'up' | 'nearest'): Decimal {
  const k = Math.max(price.decimalPlaces(), tick.decimalPlaces());
  if (k <= MAX_DP) {
    const p = scaledInt(price, k);
    const t = scaledInt(tick, k);
    // Non-negative prices and positive ticks only (no negative zero to reproduce), and prices of
    // this module's Decimal (the result takes the price's constructor, as decimal.js's would).
    if (p !== undefined && t !== undefined && t > 0 && p >= 0 && parts(price).s > 0 && price.constructor === Decimal) {
      const r = p % t;
      // Already on the grid: decimal.js would give the same value, and its form is unique.
      if (r === 0) return price;
      let q = (p - r) / t;
      if (r > 0 && (direction === 'up' || (direction === 'nearest' && (2 * r > t || (2 * r === t && q % 2 === 1))))) q++;
      return fromScaled(q * t, k);
    }
  }
  const mode = direction === 'down' ? Decimal.ROUND_FLOOR : direction === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_HALF_EVEN;
  return price.div(tick).toDecimalPlaces(0, mode).mul(tick);
}

/** True when `value` is an exact multiple of `step`. */
export function isMultipleOf(value: Decimal, step: Decimal): boolean {
  const k = Math.max(value.decimalPlaces(), step.decimalPlaces());
  if (k <= MAX_DP) {
    const v = scaledInt(value, k);
    const s = scaledInt(step, k);
    if (v !== undefined && s !== undefined && s !== 0) return v % s === 0;
  }
  return value.mod(step).isZero();
}

/** Serializes without exponent notation and without trailing zeros ("0.50" -> "0.5"). */
export function toPlainString(d: Decimal): string {
  return microText(d) ?? d.toFixed();
}

/** The venue's USDC precision: money shown anywhere (logs, /status, metrics, pnl) has at most these places. */
export const MONEY_DP = 6;
/** The smallest amount of USDC shown; a drawdown up to it is rounding dust, shown as 0. */
const MONEY_UNIT = new Decimal(1).div(10 ** MONEY_DP);

/**
 * Money for display: rounded (half up) to MONEY_DP places, plain text without trailing zeros or a
 * negative zero ("5.067812", "-0.5", "0"). Values stay exact inside; only the edges round, so a
 * closed position's PnL prints as the terminating decimal it is.
 */
export function moneyText(d: Decimal): string {
  const r = d.toDecimalPlaces(MONEY_DP, Decimal.ROUND_HALF_UP);
  return r.isZero() ? '0' : r.toFixed();
}

/** moneyText as a number, for metrics. */
export function moneyNumber(d: Decimal): number {
  return Number(moneyText(d));
}

/** A drawdown for display: at most one unit of USDC precision is dust from exact division, shown as 0. */
export function drawdownText(d: Decimal): string {
  return d.lte(MONEY_UNIT) ? '0' : moneyText(d);
}

// --- Micro-units: the decision path's integers --------------------------------------------------

/**
 * Prices and sizes as exact integers of 10^-6 (micro-units: the venue's USDC and share precision),
 * for the stages that compare and add them many times per market evaluation (views, legs, risk
 * checks, order diff). A value converts only when it is exactly representable: at most 6 decimals
 * and below 10^9 in magnitude (so sums of a few stay far inside 2^53); anything else is undefined
 * and the caller takes its Decimal path. Notional (price x size) is then in 10^-12 USDC.
 */
export const MICRO_DP = 6;
/** Decimals of a notional in micro-units: micro-price x micro-size, in 10^-12 USDC. */
export const MICRO_NOTIONAL_DP = 2 * MICRO_DP;

/** x * 10^6 as an exact integer, or undefined (more than 6 decimals, |x| >= 10^9, or not finite). */
export function microOf(x: Decimal): number | undefined {
  return scaledInt(x, MICRO_DP);
}

/**
 * x * 10^7 as an exact integer when 0 < x < 1 has at most 7 decimals (every price and tick a venue
 * sends), else undefined: decimal.js's one digit word itself (value = word * 10^-7), read without
 * arithmetic. For checks that run on every level of every book (book-check.ts: the tick grid).
 */
export function priceWordOf(x: Decimal): number | undefined {
  const { s, e, d } = parts(x);
  return d !== null && d.length === 1 && s > 0 && e < 0 && e >= -7 ? d[0] : undefined;
}

/**
 * d.toNumber(), from micro-units when d has that form: n / 10^6 of two exact doubles is the double
 * nearest the decimal, as parsing its text is, without decimal.js's text.
 */
export function numberOf(d: Decimal): number {
  const m = microOf(d);
  return m === undefined || m === 0 ? d.toNumber() : m / 1_000_000;
}

/** The Decimal n * 10^-k for an integer |n| < 2^53 and 0 <= k <= 14, built as decimal.js builds it (k 6: from micro-units). */
export function fromScaledInt(n: number, k: number = MICRO_DP): Decimal {
  return n < 0 ? fromScaled(-n, k, -1) : fromScaled(n, k);
}

/**
 * `new Decimal(x).toDecimalPlaces(dp, ROUND_HALF_EVEN)` for a number x (a model's price, say),
 * the same Decimal built without decimal.js's parse and division when x > 0 is plain text of at
 * most 15 digits once rounded: decimal.js reads a number through its shortest text (String(x)),
 * and this rounds that text half-even. Anything else (exponent form, zero, negative, not finite)
 * goes through decimal.js.
 */
export function roundedNumber(x: number, dp: number): Decimal {
  const text = String(x);
  if (x > 0 && dp <= MAX_DP && text.indexOf('e') === -1 && x !== Number.POSITIVE_INFINITY) {
    const dot = text.indexOf('.');
    if (dot === -1 || text.length - dot - 1 <= dp) return plainDecimal(text);
    const digits = text.slice(0, dot) + text.slice(dot + 1, dot + 1 + dp);
    if (digits.length <= 15) {
      const first = text.charCodeAt(dot + 1 + dp) - 48;
      let up = first > 5;
      if (first === 5) {
        // Exactly half when nothing but zeros follows: then to the even neighbour.
        let rest = false;
        for (let i = dot + 2 + dp; i < text.length && !rest; i++) rest = text.charCodeAt(i) !== 48;
        up = rest || (digits.charCodeAt(digits.length - 1) - 48) % 2 === 1;
      }
      return fromScaled(Number(digits) + (up ? 1 : 0), dp);
    }
  }
  return new Decimal(x).toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN);
}

/**
 * toPlainString's text from micro-units when d has that form (no decimal.js formatting): the
 * integer part, then the decimals without trailing zeros. Zero and anything else: decimal.js.
 */
function microText(d: Decimal): string | undefined {
  const n = microOf(d);
  if (n === undefined || n === 0) return undefined;
  const abs = n < 0 ? -n : n;
  const frac = abs % 1_000_000;
  const int = (abs - frac) / 1_000_000;
  let text = String(int);
  if (frac !== 0) {
    let f = String(frac).padStart(6, '0');
    let end = f.length;
    while (f.charCodeAt(end - 1) === 48) end--;
    f = f.slice(0, end);
    text = `${text}.${f}`;
  }
  return n < 0 ? `-${text}` : text;
}

// --- The exact integer path -------------------------------------------------------------------

/** decimal.js's representation: value = s * sum(d[i] * 1e7^(floor(e / 7) - i)), d normalized. */
interface DecimalParts {
  s: number;
  e: number;
  d: number[] | null;
}

const parts = (x: Decimal): DecimalParts => x as unknown as DecimalParts;

/** Most decimals the integer path handles (two base-1e7 words of fraction). */
const MAX_DP = 14;
/** 10^0 .. 10^22, exact. */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
] as const;
const WORD = 1e7;

/**
 * x * 10^k as an exact integer when x has at most k decimals and |x| * 10^k < 10^15 (k <= MAX_DP);
 * otherwise undefined. Zero of either sign gives 0.
 */
function scaledInt(x: Decimal, k: number): number | undefined {
  const { s, e, d } = parts(x);
  // One word (every price with at most 7 decimals, sizes below 10^7 without a fraction): no
  // decimalPlaces() call and no loop; the word has at most k decimals when 10^-p divides it.
  if (d !== null && d.length === 1) {
    const w = d[0]!;
    if (w === 0) return 0;
    if (e + k >= 15) return undefined;
    const p = 7 * Math.floor(e / 7) + k;
    if (p >= 0) return s * w * POW10[p]!;
    if (p < -6) return undefined;
    const q = POW10[-p]!;
    return w % q === 0 ? s * (w / q) : undefined;
  }
  if (d === null || x.decimalPlaces() > k) return undefined;
  if (d[0] === 0) return 0;
  // |x| < 10^(e + 1), so |x| * 10^k < 10^(e + 1 + k) <= 10^15.
  if (e + k >= 15) return undefined;
  const top = Math.floor(e / 7);
  let n = 0;
  for (let i = 0; i < d.length; i++) {
    const p = 7 * (top - i) + k;
    // With at most k decimals, every term is an integer (a word below the k-th decimal is 0).
    n += p >= 0 ? d[i]! * POW10[p]! : d[i]! / POW10[-p]!;
  }
  return s * n;
}

/** Digits of a word (1 .. 9 999 999). */
function wordDigits(w: number): number {
  return w >= 1e6 ? 7 : w >= 1e5 ? 6 : w >= 1e4 ? 5 : w >= 1e3 ? 4 : w >= 100 ? 3 : w >= 10 ? 2 : 1;
}

/**
 * The Decimal n * 10^-k, for an integer 0 <= n < 2^53 and k <= MAX_DP, built as decimal.js would.
 * Its digit words go in an array of their exact length (an array grown by push reserves 16 slots:
 * most of the bytes the decision path allocated), and a one-word value (any price with at most
 * 7 decimals) reuses the array decimal.js made for the 1 it was constructed from.
 */
function fromScaled(n: number, k: number, sign = 1): Decimal {
  if (n === 0) return new Decimal(0);
  const f = POW10[k]!;
  const frac = n % f;
  let int = (n - frac) / f;
  // The fraction's k digits in words of 7: one word when k <= 7, else two.
  let w1 = 0;
  let w2 = 0;
  if (frac > 0) {
    if (k <= 7) w1 = frac * POW10[7 - k]!;
    else {
      const lowDigits = POW10[k - 7]!;
      const r = frac % lowDigits;
      w1 = (frac - r) / lowDigits;
      w2 = r * POW10[14 - k]!;
    }
  }
  const x = new Decimal(1);
  const px = parts(x);
  px.s = sign;
  // Word exponent (power of 1e7) of the first word; decimal.js keeps no trailing zero words.
  let top: number;
  let first: number;
  if (int > 0) {
    const lo = int % WORD;
    int = (int - lo) / WORD;
    const mid = int % WORD;
    const hi = (int - mid) / WORD;
    if (hi > 0) {
      top = 2;
      first = hi;
      if (frac > 0) px.d = w2 === 0 ? [hi, mid, lo, w1] : [hi, mid, lo, w1, w2];
      else px.d = lo !== 0 ? [hi, mid, lo] : mid !== 0 ? [hi, mid] : oneWord(px, hi);
    } else if (mid > 0) {
      top = 1;
      first = mid;
      if (frac > 0) px.d = w2 === 0 ? [mid, lo, w1] : [mid, lo, w1, w2];
      else px.d = lo !== 0 ? [mid, lo] : oneWord(px, mid);
    } else {
      top = 0;
      first = lo;
      px.d = frac === 0 ? oneWord(px, lo) : w2 === 0 ? [lo, w1] : [lo, w1, w2];
    }
  } else if (w1 > 0) {
    top = -1;
    first = w1;
    px.d = w2 === 0 ? oneWord(px, w1) : [w1, w2];
  } else {
    top = -2;
    first = w2;
    px.d = oneWord(px, w2);
  }
  px.e = 7 * top + wordDigits(first) - 1;
  return x;
}

/** The one-word digits array of a Decimal made from the number 1 (`[1]`, its own), set to `[w]`. */
function oneWord(px: DecimalParts, w: number): number[] {
  const d = px.d!;
  d[0] = w;
  return d;
}

/** Plain decimal text (DECIMAL_TEXT) as a Decimal: the integer path when it has at most 15 digits. */
function plainDecimal(text: string): Decimal {
  const negative = text.charCodeAt(0) === 45; /* '-' */
  const dot = text.indexOf('.');
  const k = dot === -1 ? 0 : text.length - dot - 1;
  const digits = text.length - (negative ? 1 : 0) - (dot === -1 ? 0 : 1);
  if (k <= MAX_DP && digits <= 15) {
    const n = dot === -1 ? Number(text) : Number(text.slice(0, dot) + text.slice(dot + 1));
    const abs = negative ? -n : n;
    // Negative zero ("-0.00") keeps decimal.js's own path.
    if (abs > 0 || (abs === 0 && !negative)) return fromScaled(abs, k, negative ? -1 : 1);
  }
  return new Decimal(text);
}
