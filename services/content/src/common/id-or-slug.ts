import { isNumericId } from '@agency/shared';

/** The lookup for a `{id or slug}` path parameter; slugs are never numeric, so the two cannot clash. */
export function idOrSlug(param: string): { id: number } | { slug: string } {
  return isNumericId(param) ? { id: Number(param) } : { slug: param };
}
