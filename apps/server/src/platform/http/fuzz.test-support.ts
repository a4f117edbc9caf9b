/**
 * Inputs for the route fuzz test (fuzz.routes.test.ts): a seeded PRNG, a plausible value for a JSON
 * schema of the OpenAPI document, and the hostile values every field is given in its place.
 */

/** mulberry32: small, fast and reproducible from one seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};

/** A value the schema most likely accepts, so that mutating one field tests that field alone. */
export function sample(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf ?? s.allOf;
  if (options?.length) return sample(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(s.items, depth + 1));
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date' || s.format === 'date-time') return '2030-01-01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'number':
    case 'integer':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const MB = 'x'.repeat(1024 * 1024);

/** What each field gets instead of its value: wrong types, control characters, huge and odd values. */
export const HOSTILE: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  '',
  ' ',
  'a\u0000b',
  '\u0001\u0008\u000b\u001f\u007f',
  '\ud800',
  '0x10',
  ' 1',
  '1e1',
  '2147483648',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  [],
  [null, 'a\u0000'],
  {},
  { $gt: '' },
  MB,
];

/** Whole JSON bodies of the wrong shape. */
export const HOSTILE_BODIES: readonly string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  '{"a":',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"admin":true}}',
  `{"x":"${'\\u0000'.repeat(100)}"}`,
];

/** Path parameter values that are not ids, or not this company's. */
export const HOSTILE_IDS: readonly string[] = ['0', '-1', '0x10', '%201', '1e1', '2147483648', '99999999999999999999', 'abc', '%00', '%ZZ', '1;DROP', '..%2F..'];

/** Query values: control characters, long strings, wrong types. */
export const HOSTILE_QUERY: readonly string[] = ['%00', '%01%1F', 'a'.repeat(10_000), '-1', 'abc', '1e400', '%FF', '[]', '%ZZ'];

/** Multipart bodies that cannot be read: no boundary, a truncated part, a part without headers' end. */
export const BROKEN_MULTIPART: readonly [string, string][] = [
  ['multipart/form-data', 'x'],
  ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\ntrunc'],
  ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-da'],
  ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="body"\r\n\r\na\u0000b\r\n--b--\r\n'],
];

export function pick<T>(rand: () => number, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}
