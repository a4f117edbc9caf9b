/**
 * Security-relevant input hygiene (issue 9, M1): C0 control characters in request text.
 *
 * PostgreSQL refuses U+0000 in text and jsonb, so before this a NUL anywhere in a body, a query or
 * a path answered 500 after the route had run half its work. The other C0 controls (except tab,
 * LF and CR, which text fields legitimately hold) are never typed by a person and only smuggle
 * invisible content into names, messages and logs.
 *
 * Choice: requests from people and clients (the API, the widget) are REFUSED with ERR_VALIDATION
 * and change nothing: the sender learns at once, as with any other invalid field, and nothing is
 * silently altered. Provider webhooks are not refused: a provider cannot fix its payload and would
 * retry it forever, losing the customer's message, so NUL (the one character the database cannot
 * store) is stripped from their parsed body; the signature was already checked over the raw bytes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex -- idem
const NUL = /\u0000/g;

/**
 * The path (dotted, as in ERR_VALIDATION `fields`) of the first string or key holding a forbidden
 * control character, or undefined. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findControlChar(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN.test(v)) return path || '_';
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (FORBIDDEN.test(k)) return at;
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}

/**
 * The value with U+0000 removed from every string and key (provider payloads only). A parsed body
 * is the request's own object, so it is changed in place; iterative, like findControlChar.
 */
export function stripNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NUL, '');
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const child = o[k];
      const clean = typeof child === 'string' ? child.replace(NUL, '') : child;
      if (k.includes('\u0000')) {
        delete o[k];
        o[k.replace(NUL, '')] = clean;
      } else if (clean !== child) o[k] = clean;
      if (clean !== null && typeof clean === 'object') stack.push(clean);
    }
  }
  return value;
}

const isProviderWebhook = (req: FastifyRequest) => req.routeOptions.url?.startsWith('/webhooks/') === true;

/** Registered on the root before any route, so it guards every route of every module. */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (isProviderWebhook(req)) {
      if (req.body !== undefined) req.body = stripNul(req.body);
      return;
    }
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const at = findControlChar(value);
      if (at !== undefined) {
        throw new AppError('ERR_VALIDATION', { [part === 'body' ? at : `${part}.${at}`]: 'validation.invalidValue' });
      }
    }
  });
}
