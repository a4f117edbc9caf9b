/**
 * The contract check of the route tests: every answer a test gets through `app.inject` (the
 * harness's `request` included) is checked against the app's own OpenAPI document (/docs/json).
 * The status must be one the operation lists, and the body must match that status's schema
 * (JSON schema -> zod with `z.fromJSONSchema`, zod being a dependency of the server already): an
 * error answer must be `ErrorBody` with a code the operation lists for that status, a 204 has no
 * body, a file answer has its content type. A mismatch throws at the test's call site, naming the
 * operation and the status, so the document cannot drift from the server.
 *
 * Requests to no operation of the document (hidden routes such as /healthz, unknown paths) are
 * not checked.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  examples?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, Media> }>;
}
interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  literals: number;
  op: Operation;
}

const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** Inlines `#/components/...` references (the document has no cycles). */
function deref(node: unknown, doc: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, doc));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json)[k], doc);
    return deref(target, doc);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, doc)]));
}

export interface ContractCheck {
  check(method: string, url: string, status: number, headers: Record<string, unknown>, body: string): void;
}

export function contractCheck(app: FastifyInstance): ContractCheck {
  let routes: Route[] | undefined;
  let doc: Json;
  const validators = new Map<string, z.ZodType>();
  const load = () => {
    doc = app.swagger() as unknown as Json;
    routes = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      const segments = trim(path).split('/');
      const pattern = new RegExp(
        `^${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      const literals = segments.filter((s) => s && !s.startsWith('{')).length;
      for (const [method, op] of Object.entries(item))
        routes.push({ method: method.toUpperCase(), path, pattern, literals, op });
    }
    // The router prefers static segments (/chat-flow/transfer before /chat-flow/{id}).
    routes.sort((a, b) => b.literals - a.literals);
    return routes;
  };
  const validatorOf = (key: string, schema: Json) => {
    let v = validators.get(key);
    if (!v) validators.set(key, (v = z.fromJSONSchema(deref(schema, doc) as never, { defaultTarget: 'openapi-3.0' })));
    return v;
  };

  return {
    check(method, url, status, headers, body) {
      let path: string;
      try {
        path = trim(decodeURI(url.split('?')[0]!));
      } catch {
        return; // a badly encoded URL reaches no operation (the router answers it)
      }
      const route = (routes ?? load()).find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
      if (!route) return;
      const name = `${route.op.operationId ?? '(no operationId)'} (${route.method} ${route.path})`;
      const fail = (why: string) => {
        throw new Error(`Contract: ${name} answered ${status}: ${why}. Body: ${body.slice(0, 300)}`);
      };
      const response = route.op.responses?.[String(status)];
      if (!response) return fail(`not in the document (it lists ${Object.keys(route.op.responses ?? {}).join(', ')})`);
      const content = response.content;
      if (!content) {
        if (body.length > 0) fail('the document says no body');
        return;
      }
      const json = content['application/json'];
      if (!json) {
        const type = String(headers['content-type'] ?? '')
          .split(';')[0]!
          .trim();
        const listed = Object.keys(content);
        if (!listed.includes(type) && !listed.includes('application/octet-stream'))
          fail(`content type ${type}, the document lists ${listed.join(', ')}`);
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return fail('not JSON');
      }
      if (json.schema) {
        const result = validatorOf(`${route.method} ${route.path} ${status}`, json.schema).safeParse(parsed);
        if (!result.success) {
          const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
          fail(`the body does not match the document's schema (${issues.join('; ')})`);
        }
      }
      if (status >= 400 && json.examples) {
        const code = (parsed as { error?: string }).error ?? '';
        if (!(code in json.examples))
          fail(
            `${code} is not among the codes the document lists for it (${Object.keys(json.examples).join(', ')}): add it to the route's schema.errors`,
          );
      }
    },
  };
}

const unchecked = new WeakMap<FastifyInstance, FastifyInstance['inject']>();

/**
 * `app.inject` without the check, for a test that collects the contract's failures itself (the
 * fuzz test reports them all at once rather than stopping at the first).
 */
export function uncheckedInject(app: FastifyInstance): FastifyInstance['inject'] {
  return unchecked.get(app) ?? app.inject.bind(app);
}

/** Wraps `app.inject` so that every answer a test receives goes through the check. */
export function checkInjections(app: FastifyInstance): void {
  const contract = contractCheck(app);
  const inject = app.inject.bind(app) as (
    opts: unknown,
  ) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
  unchecked.set(app, app.inject.bind(app));
  (app as unknown as { inject: unknown }).inject = (opts: unknown, cb?: unknown) => {
    // The chained form (app.inject().get(...)) and the callback form are left as they are.
    if (opts === undefined || cb !== undefined || typeof opts === 'string')
      return (inject as (...a: unknown[]) => unknown)(opts, cb);
    const {
      method = 'GET',
      url,
      path,
    } = opts as { method?: string; url?: string | { pathname: string }; path?: string };
    const target = typeof url === 'string' ? url : (url?.pathname ?? path ?? '/');
    return inject(opts).then((res) => {
      contract.check(method, target, res.statusCode, res.headers, res.body);
      return res;
    });
  };
}
