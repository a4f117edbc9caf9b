import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Reads a table's row built by PostgreSQL as JSON (`row_to_json(t)`: database column names,
 * timestamps as ISO text) into the row drizzle would give (property names, Dates). For hot read
 * paths: JSON.parse in the driver plus one function per column is several times cheaper than
 * drizzle's generic result mapping of a wide join.
 */
export function jsonRowReader<T extends PgTable>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const cols = Object.entries(getTableColumns(table)).map(
    ([key, col]) => [key, (col as Column).name, col as Column] as const,
  );
  return (json) => {
    const out: Record<string, unknown> = {};
    for (const [key, name, col] of cols) {
      const v = json[name];
      out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return out as T['$inferSelect'];
  };
}

/** A json column's value: node-postgres and PGlite parse json columns; a driver that does not gives text. */
export function jsonColumn<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/**
 * Encodes a value for one of the table's columns as drizzle would before a write (JSON as text,
 * dates as ISO strings), for statements built once with placeholders (`TenantScope.runMemo`),
 * whose values drizzle's `fillPlaceholders` passes through unencoded. A null stays null.
 */
export function columnEncoder<T extends PgTable>(table: T): (key: string, value: unknown) => unknown {
  const cols = getTableColumns(table) as Record<string, Column>;
  return (key, value) => (value === null ? null : cols[key]!.mapToDriverValue(value));
}
