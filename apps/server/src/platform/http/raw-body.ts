import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a webhook body, for signature checks (set by useRawJsonBody). */
    rawBody?: Buffer;
  }
}

/**
 * Inside the calling plugin only: JSON bodies are parsed as usual and their raw bytes kept on
 * `request.rawBody`, since provider signatures are computed over the bytes as sent.
 */
export function useRawJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
      req.rawBody = body;
      if (body.length === 0) return done(null, {});
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(Object.assign(new Error('invalid JSON body'), { statusCode: 400 }));
      }
    },
  );
}
