/** The selector's tag filter: whether a market's tags carry the configured tag. */

function slugForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a market tag list carries `tag` (case-insensitive, or the same slug form). */
export function hasTag(tags: unknown, tag: string): boolean {
  if (!Array.isArray(tags)) return false;
  const want = tag.trim().toLowerCase();
  const wantSlug = slugForm(tag);
  return tags.some((t) => typeof t === 'string' && (t.trim().toLowerCase() === want || (wantSlug !== '' && slugForm(t) === wantSlug)));
}
