import type { EntityManager, ObjectLiteral } from 'typeorm';
import { isUniqueViolation } from './postgres-errors.js';

interface Sluggable extends ObjectLiteral {
  slug: string;
}

/**
 * Picks the first free slug among `base`, `base-2`, `base-3`… inside the caller's transaction.
 * Concurrent writers may pick the same one; `retryOnSlugClash` repeats the write for them.
 */
export async function allocateSlug<T extends Sluggable>(
  manager: EntityManager,
  entity: new () => T,
  base: string,
): Promise<string> {
  const rows = await manager
    .createQueryBuilder(entity, 'row')
    .select('row.slug', 'slug')
    .where('row.slug = :base OR row.slug LIKE :pattern', { base, pattern: `${base}-%` })
    .getRawMany<{ slug: string }>();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function retryOnSlugClash<T>(write: () => Promise<T>, constraint: string, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error, constraint)) throw error;
    }
  }
}
