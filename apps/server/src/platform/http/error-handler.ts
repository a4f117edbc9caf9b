import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@prosa/contracts';
import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { AppError } from './app-error.js';

/**
 * A framework or plugin error (it has a 4xx status and, usually, an FST_* code) -> the catalogue.
 * Every answer is `{ error: CODE }` with a code of `packages/contracts/src/errors.ts` and that
 * code's status; no framework text or code reaches the client (issue 9, L7).
 */
export function frameworkCode(err: { statusCode?: number; code?: string }): ErrorCode | undefined {
  const status = err.statusCode ?? 0;
  if (status < 400 || status >= 500) return undefined;
  if (status === 404) return 'ERR_NOT_FOUND';
  if (status === 429) return 'ERR_TOO_MANY_ATTEMPTS';
  // The body limit of the content-type parsers; a multipart file over its limit is a file too large.
  if (status === 413) return err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'ERR_REQUEST_TOO_LARGE' : 'ERR_FILE_TOO_LARGE';
  if (status === 415) return err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'ERR_UNSUPPORTED_MEDIA_TYPE' : 'ERR_FILE_TYPE_NOT_ALLOWED';
  // Bad URL encoding, malformed JSON or multipart, wrong content length...: invalid input.
  return 'ERR_VALIDATION';
}

const sendCode = (reply: FastifyReply, code: ErrorCode) => reply.status(ERROR_STATUS[code]).send({ error: code });

/**
 * Fastify's `frameworkErrors` option: errors raised by the router before any route or hook runs
 * (FST_ERR_BAD_URL for `/channels/%ZZ`, FST_ERR_ASYNC_CONSTRAINT), which setErrorHandler never sees.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _req, reply) => {
  void sendCode(reply as unknown as FastifyReply, frameworkCode(err) ?? 'ERR_VALIDATION');
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (malformed request line
 * or headers) is answered on the raw socket, in the catalogue's shape as well. A request that timed
 * out gets no answer: its client is gone or too slow to read one.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (err, socket) => {
  if (err.code === 'ECONNRESET' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || socket.destroyed) return void socket.destroy();
  const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'ERR_REQUEST_TOO_LARGE' : 'ERR_VALIDATION';
  const body = JSON.stringify({ error: code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${ERROR_STATUS[code]} ${code === 'ERR_VALIDATION' ? 'Bad Request' : 'Payload Too Large'}\r\n` +
        `Content-Length: ${body.length}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

/**
 * A browser opening an address that is no route (a bookmark of `/login`, the demo's link from an
 * older build) wants the web app, whose routes live after `#`, not a JSON 404. Only a GET or HEAD
 * that accepts HTML is sent there; API clients still get `{ error: 'ERR_NOT_FOUND' }`. The target is
 * a fragment of this origin, so no path can turn it into a redirect elsewhere.
 */
export function webAppRedirect(req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (!String(req.headers.accept ?? '').includes('text/html')) return undefined;
  const path = req.url.startsWith('/') ? req.url : `/${req.url}`;
  return `/#${path}`;
}

/** Turns every failure into `{ error: CODE }`; unknown errors become 500 with a request id only. */
export function registerErrorHandler(app: FastifyInstance, opts: { webApp: boolean } = { webApp: false }): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req: FastifyRequest, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= issue.message ?? 'validation.invalidValue';
      }
      return reply.status(400).send({ error: 'ERR_VALIDATION', fields });
    }
    if (err instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      return reply.status(400).send({ error: 'ERR_VALIDATION', fields });
    }
    const code = frameworkCode(err as FastifyError);
    if (code) return sendCode(reply, code);
    // The database restarting or out of reach: a 503 to try again, not a fault of this request.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: (err as Error).message }, 'database unavailable');
      return sendCode(reply, 'ERR_DATABASE_UNAVAILABLE');
    }
    const requestId = String(req.id ?? randomUUID());
    req.log.error({ err, requestId }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL', requestId });
  });
  app.setNotFoundHandler((req, reply) => {
    const target = opts.webApp ? webAppRedirect(req) : undefined;
    if (target) return reply.redirect(target, 302);
    return reply.status(404).send({ error: 'ERR_NOT_FOUND' });
  });
}
