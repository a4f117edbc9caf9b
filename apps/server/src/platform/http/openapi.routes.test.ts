/**
 * The convention every operation of the OpenAPI document follows (README, "API document"): an
 * operationId (unique, camelCase), a summary, a tag, its security, at least one 4xx answer, and
 * error answers that are the ErrorBody component with one example per catalogue code, each code
 * under its own status. A route that lacks one is named with what it lacks.
 */
import { ERROR_STATUS, isErrorCode, ZIntegration, ZIntegrationInput, ZIntegrationTestResult } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { ERROR_BODY_REF } from './openapi.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: { $ref?: string }; examples?: Record<string, unknown> }>;
    }
  >;
}

let h: Harness;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
beforeAll(async () => {
  h = await startHarness();
  doc = h.app.swagger() as unknown as typeof doc;
}, 120_000);
afterAll(() => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op })),
  );

describe('the OpenAPI document', () => {
  it('gives every operation an operationId, a summary, a tag and its security', () => {
    const lacking: string[] = [];
    const ids = new Map<string, string>();
    for (const { name, op } of operations()) {
      const missing = [
        !op.operationId && 'operationId (schema.operationId)',
        op.operationId && !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId) && `a camelCase operationId (${op.operationId})`,
        op.operationId &&
          ids.has(op.operationId) &&
          `a unique operationId (${op.operationId} is also ${ids.get(op.operationId)})`,
        !op.summary && 'summary (schema.summary)',
        !op.tags?.length && 'tags (schema.tags)',
        !Array.isArray(op.security) && 'security (from config.auth)',
        !Object.keys(op.responses ?? {}).some((s) => s.startsWith('4')) && 'a 4xx answer',
      ].filter(Boolean);
      if (op.operationId) ids.set(op.operationId, name);
      if (missing.length) lacking.push(`${name} lacks ${missing.join(', ')}`);
    }
    expect(lacking).toEqual([]);
    expect(ids.size).toBeGreaterThan(150);
  });

  it('answers errors as ErrorBody with the catalogue codes, each under its status', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/json'];
        if (media?.schema?.$ref !== ERROR_BODY_REF) wrong.push(`${name} ${status} is not ErrorBody`);
        for (const code of Object.keys(media?.examples ?? {})) {
          if (!isErrorCode(code) || String(ERROR_STATUS[code]) !== status)
            wrong.push(`${name} lists ${code} under ${status}`);
        }
        if (!Object.keys(media?.examples ?? {}).length) wrong.push(`${name} ${status} lists no code`);
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.ErrorBody).toBeDefined();
  });

  it('documents public routes with an empty security and the others with the bearer token', () => {
    const login = doc.paths['/auth/login/']!.post!;
    expect(login.security).toEqual([]);
    expect(doc.paths['/tags']!.get!.security).toEqual([{ bearer: [] }]);
    // DELETE answers 204 without a body; a file answer has its content type.
    const del = doc.paths['/tags/{id}']!.delete!;
    expect(Object.keys(del.responses!)).toContain('204');
    expect(del.responses!['204']!.content).toBeUndefined();
    expect(Object.keys(del.responses!['409']!.content!['application/json']!.examples!)).toEqual([
      'ERR_TAG_CONTACTS_EXISTS',
    ]);
    expect(Object.keys(doc.paths['/messages/pdf/{ticketId}']!.get!.responses!['200']!.content!)).toEqual([
      'application/pdf',
    ]);
  });

  it('the integration routes show an example request and answer, each valid for its schema', () => {
    type Schema = { $ref?: string; example?: unknown; items?: Schema };
    const resolve = (x: Schema | undefined): Schema | undefined =>
      x?.$ref ? resolve(doc.components.schemas[x.$ref.split('/').pop()!] as Schema) : x;
    const exampleOf = (x: Schema | undefined): unknown => {
      const s = resolve(x);
      return s?.items ? exampleOf(s.items) : s?.example;
    };
    const missing: string[] = [];
    for (const { name, op } of operations().filter((o) => o.name.includes('/queueIntegration'))) {
      const body = (op as { requestBody?: { content?: Record<string, { schema?: Schema }> } }).requestBody;
      const bodySchema = body?.content?.['application/json']?.schema;
      if (bodySchema && exampleOf(bodySchema) === undefined) missing.push(`${name} request`);
      const ok = op.responses?.['200'] ?? op.responses?.['201'];
      const okSchema = ok?.content?.['application/json']?.schema as Schema | undefined;
      if (okSchema && exampleOf(okSchema) === undefined) missing.push(`${name} answer`);
    }
    expect(missing).toEqual([]);
    for (const z of [ZIntegrationInput, ZIntegration, ZIntegrationTestResult]) {
      const example = (z.meta() as { example?: unknown } | undefined)?.example;
      expect(z.safeParse(example).success).toBe(true);
    }
  });

  it('the contract check refuses an answer the document does not list, naming the operation', async () => {
    // A 404 of a tag is documented; a request the test harness checks goes through.
    const company = await h.company();
    const res = await h.request('PUT', '/tags/999999', {
      token: company.admin.token,
      body: { name: 'x', color: '#000000' },
    });
    expect(res.status).toBe(404);
    const { contractCheck } = await import('../../test/contract.js');
    const check = contractCheck(h.app);
    expect(() => check.check('DELETE', '/tags/1', 200, {}, '{}')).toThrow(
      /deleteTag \(DELETE \/tags\/\{id\}\) answered 200: not in the document/,
    );
    expect(() => check.check('DELETE', '/tags/1', 404, {}, '{"error":"ERR_NO_TICKET_FOUND"}')).toThrow(
      /ERR_NO_TICKET_FOUND is not among the codes/,
    );
    expect(() => check.check('GET', '/tags', 200, {}, '[{"id":"x"}]')).toThrow(/listTags .* does not match/);
    expect(() => check.check('DELETE', '/tags/1', 204, {}, '')).not.toThrow();
  });
});
