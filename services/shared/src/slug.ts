const MAX_SLUG_LENGTH = 80;

/**
 * Turns a title into a URL slug: lower-case ASCII words joined by hyphens.
 * A slug is never purely numeric, so it can't be mistaken for an id in `/blog/{id}`.
 */
export function slugify(title: string, fallback: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  if (!slug) slug = (words[0] ?? '').slice(0, MAX_SLUG_LENGTH);
  if (!slug) return fallback;
  return /^\d+$/.test(slug) ? `${slug}-${fallback}` : slug;
}

/** True when a path parameter is a numeric id rather than a slug. */
export function isNumericId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}
