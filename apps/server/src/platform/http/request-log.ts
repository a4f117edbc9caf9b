/**
 * One log line per request (issue 12): method, url, status, time, tenant and user, written when
 * the answer has gone, instead of Fastify's two lines (incoming request, request completed), as
 * Fastify's own log controller (no hook of ours on the request path). At info; a route may lower
 * its line to debug with `config.log: 'debug'` when it is hot enough for the line to matter. An
 * answer that failed while being sent is logged at error, with the error.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The level of this route's request line (default info). */
    log?: 'info' | 'debug';
  }
}

/**
 * The URL as logged: a secret a provider calls back with in the query (EFI's Pix webhook carries
 * the operator's `hmac`, Owen's its `token`, README "Billing") is written as [redacted].
 */
export const loggedUrl = (url: string): string => url.replace(/([?&](?:hmac|token)=)[^&#]*/gi, '$1[redacted]');

export class RequestLog extends LogController {
  override incomingRequest(): void {}
  /** The request's own line says 404. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const level = error ? 'error' : (req.routeOptions.config?.log ?? 'info');
    const auth = req.auth as typeof req.auth | null;
    req.log[level](
      {
        method: req.method,
        url: loggedUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(auth ? { tenant: auth.tenantId, user: auth.userId } : {}),
        ...(error ? { err: error } : {}),
      },
      'request',
    );
  }
}
