/** Token ids have the form `<condition_id>:<outcome_index>` (design.md section 3). */

/** Condition id of a token id. */
export function marketOf(tokenId: string): string {
  const i = tokenId.lastIndexOf(':');
  return i < 0 ? tokenId : tokenId.slice(0, i);
}

/** Outcome index (0 or 1) of a token id. */
export function outcomeIndexOf(tokenId: string): 0 | 1 {
  return tokenId.endsWith(':1') ? 1 : 0;
}
