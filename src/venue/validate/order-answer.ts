/**
 * POST /order's usual answer read straight from its text: the venue (and the simulator) answer an
 * accepted order as `{"success":true,"errorMsg":"","orderID":"…","status":"…","makingAmount":"…",
 * "takingAmount":"…"}`, keys in that order, no spaces. A text of exactly that shape, with an order
 * id of printable characters other than `"` and `\` and amounts of plain decimal digits, gives the
 * very object JSON.parse and validateOrderResponse give (a test holds the two equal); any other
 * text gives undefined, and the requester then parses and checks it in full (so a malformed
 * answer is still refused with the full check's error).
 */
import type { OrderResponse } from '../types.js';

const AMOUNT = String.raw`(\d+(?:\.\d+)?)`;
const ACCEPTED = new RegExp(
  String.raw`^\{"success":true,"errorMsg":"","orderID":"([\x20\x21\x23-\x5b\x5d-\x7e]+)","status":"(live|matched|unmatched|delayed)",` +
    `"makingAmount":"${AMOUNT}","takingAmount":"${AMOUNT}"\\}$`,
);

/** The checked answer of an accepted order in the usual shape, or undefined (then: the full check). */
export function readAcceptedOrder(text: string): OrderResponse | undefined {
  const m = ACCEPTED.exec(text);
  if (m === null) return undefined;
  return {
    success: true,
    errorMsg: '',
    orderID: m[1]!,
    status: m[2] as OrderResponse['status'],
    makingAmount: m[3]!,
    takingAmount: m[4]!,
  };
}
