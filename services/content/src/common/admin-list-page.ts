import type { ListPage } from '@agency/server-kit';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * One page of an admin list and the number of rows its filters match, read side by side: the
 * page with its ORDER BY, LIMIT and OFFSET, the count without them (a plain count(*), which the
 * filters' indexes answer, not TypeORM's COUNT(DISTINCT id)).
 */
export async function readListPage<E extends ObjectLiteral, T>(
  query: SelectQueryBuilder<E>,
  page: { limit: number; offset: number },
  toView: (row: E) => T,
): Promise<ListPage<T>> {
  const counting = query.clone().orderBy().select('count(*)::int', 'total');
  const [rows, counted] = await Promise.all([query.limit(page.limit).offset(page.offset).getMany(), counting.getRawOne<{ total: number }>()]);
  return { items: rows.map(toView), total: counted?.total ?? 0 };
}
