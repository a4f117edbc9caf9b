/**
 * Issue 9: every operation of the OpenAPI document (/docs, `app.swagger()`) is sent hostile input:
 * each JSON field replaced by wrong types, NUL and control characters, a 1 MB string and odd
 * numbers; bodies of the wrong shape; bad ids in every path parameter; hostile query values; and
 * broken multipart bodies. It fails on any 5xx, and on any error body that is not `{ error: CODE }`
 * (plus `fields` / `requestId`) with CODE in the catalogue and answered with that code's status.
 *
 * Seeded (FUZZ_SEED to replay another run) and bounded: the cases of each operation are sampled,
 * so the whole run stays well under a minute on two cores. Nothing is skipped: operations that
 * need the platform operator (403 for a company admin) are retried with the operator's token, and
 * a session the fuzzing itself ends (logout, password change) is replaced before the next operation.
 * Providers point at a local server that refuses every call, so no request leaves the machine.
 * Every answer is also checked against the document itself (status listed, body of its schema,
 * error code among the operation's: test/contract.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_STATUS, isErrorCode } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCheck, uncheckedInject } from '../../test/contract.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import {
  BROKEN_MULTIPART,
  HOSTILE,
  HOSTILE_BODIES,
  HOSTILE_IDS,
  HOSTILE_QUERY,
  pick,
  prng,
  sample,
  type JsonSchema,
} from './fuzz.test-support.js';

const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);
const FIELD_CASES_PER_OPERATION = 12;
const QUERY_CASES_PER_PARAM = 2;
const IDS_PER_PARAM = 4;

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface Case {
  label: string;
  url: string;
  contentType?: string;
  payload?: string;
}

let h: Harness;
let company: Company;
let operator: Session;
let refusing: http.Server;

beforeAll(async () => {
  // Graph API and Telegram stand-in that refuse every token: provider calls end in 4xx, not 502.
  refusing = http.createServer((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error_code: 400, description: 'refused', error: { message: 'refused', type: 'OAuthException', code: 190 } }));
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  h = await startHarness({ providers: { graphApiUrl: root, telegramApiRoot: root } });
  company = await h.company();
  operator = await h.operator();
}, 120_000);
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => refusing.close(resolve));
}, 120_000);

/** Dotted paths of the fields of a body: top level, one level into objects, the first array item. */
function fieldPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (value === null || typeof value !== 'object' || depth > 1) return [];
  const out: string[][] = [];
  for (const [k, v] of Object.entries(value)) {
    const at = [...prefix, k];
    out.push(at, ...fieldPaths(v, at, depth + 1));
  }
  return out;
}

function withField(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

function casesOf(rand: () => number, method: string, path: string, op: Operation): Case[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const urlWith = (override: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => override[name] ?? (name === 'key' ? 'no-such-key' : '1'));
  const base = urlWith();
  const cases: Case[] = [];
  for (const p of pathParams)
    for (const id of pick(rand, HOSTILE_IDS, IDS_PER_PARAM)) cases.push({ label: `path ${p.name}=${id}`, url: urlWith({ [p.name]: id }) });
  for (const q of queryParams)
    for (const v of pick(rand, HOSTILE_QUERY, QUERY_CASES_PER_PARAM))
      cases.push({ label: `query ${q.name}=${v.slice(0, 20)}`, url: `${base}?${q.name}=${v}` });

  const json = op.requestBody?.content['application/json'];
  const hasBody = method === 'post' || method === 'put' || method === 'patch';
  if (json) {
    const valid = sample(json.schema);
    cases.push({ label: 'plausible body', url: base, contentType: 'application/json', payload: JSON.stringify(valid) });
    const all = fieldPaths(valid).flatMap((f) => HOSTILE.map((v) => [f, v] as const));
    for (const [f, v] of pick(rand, all, FIELD_CASES_PER_OPERATION)) {
      const shown = typeof v === 'string' ? JSON.stringify(v.slice(0, 12)) : JSON.stringify(v);
      cases.push({ label: `${f.join('.')}=${shown}`, url: base, contentType: 'application/json', payload: JSON.stringify(withField(valid, f, v)) });
    }
    // One field (drawn) gets the 1 MB string; the sample above may give it to others.
    const [big] = pick(rand, fieldPaths(valid), 1);
    if (big) cases.push({ label: `${big.join('.')}=<1 MB>`, url: base, contentType: 'application/json', payload: JSON.stringify(withField(valid, big, 'x'.repeat(1 << 20))) });
  }
  if (hasBody || json) {
    for (const payload of pick(rand, HOSTILE_BODIES, 2)) cases.push({ label: `body ${payload.slice(0, 16)}`, url: base, contentType: 'application/json', payload });
    for (const [contentType, payload] of pick(rand, BROKEN_MULTIPART, 2)) cases.push({ label: `multipart ${payload.slice(0, 24)}`, url: base, contentType, payload });
  }
  if (cases.length === 0) cases.push({ label: 'no input', url: base });
  return cases;
}

/** Problems with one answer: a 5xx, or an error body outside the catalogue. */
function problemsOf(status: number, body: string): string | undefined {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return `${status} not JSON: ${body.slice(0, 100)}`;
  }
  const extra = Object.keys(parsed).filter((k) => k !== 'error' && k !== 'fields' && k !== 'requestId');
  if (extra.length || !isErrorCode(parsed.error)) return `${status} outside the catalogue: ${body.slice(0, 200)}`;
  if (ERROR_STATUS[parsed.error] !== status) return `${status} but ${parsed.error} is ${ERROR_STATUS[parsed.error]}`;
  return undefined;
}

describe('route fuzz (issue 9)', () => {
  it('no operation of the API document answers 5xx or an error outside the catalogue', async () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const rand = prng(SEED);
    const failures: string[] = [];
    let requests = 0;
    let operations = 0;
    // Every answer is also checked against the document (test/contract.ts); all misses are listed.
    const contract = contractCheck(h.app);
    const inject = uncheckedInject(h.app);
    const send = async (method: string, c: Case, token: string) => {
      requests++;
      const res = await inject({
        method: method.toUpperCase() as 'GET',
        url: c.url,
        // Rate limits count per address: the fuzzing's own, so the logins that replace a session
        // the fuzzing ended (from the harness's 127.0.0.1) are not refused with 429.
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}`, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      return res;
    };
    const alive = async (token: string, url: string) => (await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode === 200;

    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations++;
        const cases = casesOf(rand, method, path, op);
        // An operation of the platform operator: a company admin stops at 403 before any input is read.
        const first = await send(method, cases[0]!, company.admin.token);
        const token = first.statusCode === 403 && first.json().error === 'ERR_NO_PERMISSION' ? operator.token : company.admin.token;
        for (const c of cases) {
          const res = await send(method, c, token);
          const problem = problemsOf(res.statusCode, res.body);
          if (problem) failures.push(`${method.toUpperCase()} ${path} [${c.label}]: ${problem}`);
          try {
            contract.check(method, c.url, res.statusCode, res.headers, res.body);
          } catch (err) {
            failures.push(`[${c.label}] ${(err as Error).message.slice(0, 400)}`);
          }
        }
        if (!(await alive(company.admin.token, '/tags'))) company = await h.company();
        if (!(await alive(operator.token, '/admin/plans'))) operator = await h.operator();
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(operations).toBeGreaterThan(90);
    expect(requests).toBeGreaterThan(900);
    // About 1,100 requests, some 30 s of CPU; the timeout leaves room for a machine busy with
    // other test files.
  }, 180_000);
});
