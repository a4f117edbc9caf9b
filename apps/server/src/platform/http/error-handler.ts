import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from './app-error.js';

/** Turns every failure into `{ error: CODE }`; unknown errors become 500 with a request id only. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
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
    const fe = err as FastifyError;
    if (fe.statusCode === 429) return reply.status(429).send({ error: 'ERR_TOO_MANY_ATTEMPTS' });
    if (fe.statusCode === 413) return reply.status(413).send({ error: 'ERR_FILE_TOO_LARGE' });
    if (fe.statusCode === 415) return reply.status(415).send({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ error: fe.statusCode === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION' });
    }
    const requestId = String(req.id ?? randomUUID());
    req.log.error({ err, requestId }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL', requestId });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'ERR_NOT_FOUND' }));
}
