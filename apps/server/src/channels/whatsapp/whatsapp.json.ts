/**
 * Baileys objects as JSON for the database (auth state rows, stored inbound payloads) and back.
 * Binary fields (Buffer, Uint8Array: media keys, Signal keys) become `{ type: 'Buffer', data:
 * base64 }`, the marker Baileys' own BufferJSON uses; protobuf 64-bit integers (Long objects:
 * timestamps and file lengths of history messages) become numbers, or strings when too large.
 * NUL characters are dropped from strings: PostgreSQL's jsonb cannot hold them.
 */

interface LongLike {
  low: number;
  high: number;
  unsigned: boolean;
}

const isLong = (v: unknown): v is LongLike =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LongLike).low === 'number' &&
  typeof (v as LongLike).high === 'number' &&
  typeof (v as LongLike).unsigned === 'boolean' &&
  Object.keys(v).length === 3;

export function longValue(v: LongLike): number | string {
  const high = v.unsigned ? BigInt(v.high >>> 0) : BigInt(v.high);
  const n = (high << 32n) + BigInt(v.low >>> 0);
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
}

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return { type: 'Buffer', data: Buffer.from(value).toString('base64') };
  if (typeof value === 'object' && value !== null) {
    const b = value as { type?: unknown; data?: unknown };
    // Buffer.prototype.toJSON runs before the replacer: { type: 'Buffer', data: number[] }.
    if (b.type === 'Buffer' && Array.isArray(b.data))
      return { type: 'Buffer', data: Buffer.from(b.data as number[]).toString('base64') };
    if (isLong(value)) return longValue(value);
  }
  if (typeof value === 'string' && value.includes('\u0000')) return value.split('\u0000').join('');
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    const b = value as { type?: unknown; data?: unknown };
    if (b.type === 'Buffer' && typeof b.data === 'string' && Object.keys(value).length === 2)
      return Buffer.from(b.data, 'base64');
  }
  return value;
}

/** A plain JSON value (safe for jsonb) of a Baileys object. */
export function toJsonValue<T = unknown>(value: unknown): T {
  return JSON.parse(JSON.stringify(value, replacer) ?? 'null') as T;
}

/** Back from `toJsonValue`: Buffers restored (media keys, Signal keys). */
export function fromJsonValue<T = unknown>(value: unknown): T {
  return JSON.parse(JSON.stringify(value ?? null), reviver) as T;
}

/** A protobuf integer (number, Long or numeric string) as a number; 0 when absent. */
export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v) || 0;
  if (isLong(v)) return Number(longValue(v));
  return 0;
}
