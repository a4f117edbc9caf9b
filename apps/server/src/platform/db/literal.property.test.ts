/**
 * SECURITY: `inlineParams` (tenant-scope.ts) writes parameters into SQL text as literals, the one
 * place where a value becomes SQL text. Property tests over arbitrary values, run through the real
 * database path (`Database.runNamed`, as runMemo's inline option runs them): on PGlite in-process,
 * and on the PostgreSQL of DATABASE_URL (a database of its own, configured with
 * standard_conforming_strings off, as an operator could leave a server).
 *
 * For every value: the statement returns exactly the value, next to a sentinel column after it
 * (a literal that ended early would change the value, the columns or the rows), and it is one
 * statement (PGlite's extended protocol, like PostgreSQL's for runNamed, refuses two). Values
 * that cannot be literals (NUL in a string, NaN, Infinity, objects) throw before any SQL is run.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { inlineParams } from './tenant-scope.js';

const SERVER_URL = process.env.DATABASE_URL || undefined;
const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

/** Strings made to break a literal: quotes, backslashes, dollar quotes, comments, statement ends. */
const NASTY = [
  "'",
  "''",
  "'''",
  '\\',
  "\\'",
  "\\\\'",
  '$$',
  '$1',
  '$tag$',
  '--',
  '/*',
  '*/',
  ';',
  '; select 1;',
  "'; drop table tickets; --",
  "E'",
  "U&'",
  '\\0',
  '\n',
  '\r',
  '\t',
  '"',
  '`',
  '\u2019',
  '\uff07',
  '\u00a0',
  '\u{1F600}',
  '\u0300',
  '\ufeff',
  '%',
  '_',
  '\\x27',
  'é',
  '\u0080',
  '\u009f',
];
const nastyString = fc
  .array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), nastyString);
const text = anyString.filter((s) => !s.includes('\u0000'));
const withNul = fc.tuple(anyString, anyString).map(([a, b]) => `${a}\u0000${b}`);

/** `sql` with $1 written in by inlineParams, as runMemo writes it. */
const inline = (sql: string, value: unknown) => inlineParams({ sql, params: [value] }).sql;

interface Engine {
  name: string;
  /** The real path: Database.runNamed with no parameters (runMemo's inline option). */
  run(text: string): Promise<Record<string, unknown>[]>;
  /** Refuses more than one statement (the extended protocol). */
  single(text: string): Promise<unknown>;
}
const engines: Engine[] = [];
const closers: (() => Promise<void>)[] = [];
let n = 0;
const statement = () => `lit_${process.pid}_${n++}`;

beforeAll(async () => {
  const embedded = await openDatabase({ dataDir: 'memory://' });
  const raw = new PGlite();
  closers.push(
    () => embedded.close(),
    () => raw.close(),
  );
  engines.push({ name: 'PGlite', run: (t) => embedded.runNamed(statement(), t, []), single: (t) => raw.query(t) });
  if (SERVER_URL) {
    const name = `prosa_t_literal_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    await admin(`create database ${name}`);
    // A server or database left with the pre-9.1 string syntax, where a backslash escapes a quote.
    await admin(`alter database ${name} set standard_conforming_strings = off`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const db: Database = await openDatabase({ databaseUrl: url.toString() });
    closers.push(async () => {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    });
    engines.push({
      name: 'PostgreSQL',
      run: (t) => db.runNamed(statement(), t, []),
      single: (t) => db.runNamed(statement(), t, []),
    });
  }
}, 120_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const SENTINEL = `'end' as s`;

async function roundTrip(engine: Engine, template: string, value: unknown) {
  const q = inline(template, value);
  const rows = await engine.run(q);
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0]!)).toEqual(['v', 's']);
  expect(rows[0]!.s).toBe('end');
  await engine.single(q);
  return rows[0]!.v;
}

describe('inlineParams writes every value as one literal', () => {
  it.each(['PGlite', 'PostgreSQL'])(
    'strings: any unicode, quotes, backslashes, $-quotes, comments (%s)',
    async (name) => {
      const engine = engines.find((e) => e.name === name);
      if (!engine) return;
      await fc.assert(
        fc.asyncProperty(text, async (s) => {
          // The value's bytes as the database holds it, in hex: no result decoding in between
          // (PGlite's drops a leading U+FEFF from a text column).
          const hex = Buffer.from(s, 'utf8').toString('hex');
          const bytes = (expr: string) => `select encode(convert_to(${expr}, 'UTF8'), 'hex') as v, ${SENTINEL}`;
          expect(await roundTrip(engine, bytes('$1::text'), s)).toBe(hex);
          // Untyped, and where quotes and comments around the parameter meet it.
          expect(await roundTrip(engine, bytes('$1'), s)).toBe(hex);
          expect(await roundTrip(engine, bytes(`''||$1||''`), s)).toBe(hex);
          expect(await roundTrip(engine, bytes(`'--'||$1||'/*'`), s)).toBe(Buffer.from(`--${s}/*`).toString('hex'));
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it.each(['PGlite', 'PostgreSQL'])(
    'numbers and bigints, negative and huge, also after a minus sign (%s)',
    async (name) => {
      const engine = engines.find((e) => e.name === name);
      if (!engine) return;
      const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(finite, fc.integer(), fc.constantFrom(-0, -1, Number.MIN_VALUE, -Number.MAX_VALUE)),
          async (x) => {
            // -0 is written 0, as node-postgres writes a -0 parameter: numerically the same value.
            expect(Number(await roundTrip(engine, `select $1 as v, ${SENTINEL}`, x))).toBe(x === 0 ? 0 : x);
            // `-$1` with a negative number must not become `--`, a comment to the end of the line.
            expect(Number(await roundTrip(engine, `select -$1 as v, ${SENTINEL}`, x))).toBe(x === 0 ? 0 : -x);
            expect(Number(await roundTrip(engine, `select 1-$1::float8 as v, ${SENTINEL}`, x))).toBe(1 - x);
          },
        ),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), async (b) => {
          expect(String(await roundTrip(engine, `select $1::numeric as v, ${SENTINEL}`, b))).toBe(String(b));
          expect(String(await roundTrip(engine, `select -$1::numeric as v, ${SENTINEL}`, b))).toBe(String(-b));
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it.each(['PGlite', 'PostgreSQL'])(
    'booleans, null and dates (%s)',
    async (name) => {
      const engine = engines.find((e) => e.name === name);
      if (!engine) return;
      for (const b of [true, false]) {
        expect(await roundTrip(engine, `select $1 as v, ${SENTINEL}`, b)).toBe(b);
        expect(await roundTrip(engine, `select not $1 as v, ${SENTINEL}`, b)).toBe(!b);
      }
      expect(await roundTrip(engine, `select $1::text as v, ${SENTINEL}`, null)).toBeNull();
      expect(await roundTrip(engine, `select $1::int as v, ${SENTINEL}`, undefined)).toBeNull();
      const dates = fc.date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      });
      await fc.assert(
        fc.asyncProperty(dates, async (d) => {
          // As text: the drivers' date parsers read years before 100 as 19xx.
          const iso = `to_char($1::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
          expect(await roundTrip(engine, `select ${iso} as v, ${SENTINEL}`, d)).toBe(d.toISOString());
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it('throws, before any SQL, on what cannot be a literal', () => {
    fc.assert(
      fc.property(withNul, (s) => {
        expect(() => inline('select $1', s)).toThrow(/cannot write string/);
      }),
    );
    for (const bad of [Number.NaN, Infinity, -Infinity, new Date(Number.NaN)]) {
      expect(() => inline('select $1', bad)).toThrow();
    }
    fc.assert(
      fc.property(fc.oneof(fc.object(), fc.array(fc.anything()), fc.uint8Array()), (o) => {
        expect(() => inline('select $1', o)).toThrow(/cannot write object/);
      }),
    );
    expect(() => inline('select $1', Symbol('s'))).toThrow();
    expect(() => inline('select $2', 1)).toThrow(/no parameter \$2/);
  });
});
