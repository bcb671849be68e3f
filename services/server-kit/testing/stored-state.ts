/** Runs one SQL query and gives its rows. */
export type QueryRows = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * A fingerprint of every row of every table (migrations bookkeeping aside): equal before and
 * after a request means the request stored nothing, not even half a record.
 */
export async function storedRowsFingerprint(query: QueryRows): Promise<string> {
  const tables = await query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const names = tables.map((row) => String(row.table_name)).filter((name) => !/migrations$/.test(name));
  if (names.length === 0) return '';
  const parts = names.map((name) => `SELECT '${name}' AS t, count(*) AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM "${name}" r`);
  const rows = await query(parts.join(' UNION ALL '));
  return rows.map((row) => `${String(row.t)}:${String(row.n)}:${String(row.h)}`).sort().join(' ');
}
