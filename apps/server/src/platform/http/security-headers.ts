/**
 * SECURITY-CRITICAL: browser security headers (issue 9, L6), through helmet, on every
 * answer of the app: the desk, /docs, /demo and the API.
 *
 * The policy is what the built web app needs and no more: its own scripts only (Vite emits no
 * inline script), inline styles (Mantine and emotion write style attributes and tags), images and
 * media from Prosa, data: and blob: (previews, avatars) and https: (contacts' profile pictures come
 * from the providers' CDNs), connections to Prosa only (the API and the sockets), and no framing
 * anywhere (`frame-ancestors 'none'` and X-Frame-Options DENY).
 *
 * The widget is embedded on OTHER sites as a script, not a frame: its files (`/widget.js`, the
 * socket client) answer with `Cross-Origin-Resource-Policy: cross-origin` so those sites may load
 * them (webchat-assets.ts), and its API answers CORS. Pages with their own inline script (/demo,
 * /docs) send their own CSP with that script's hash in place of this one.
 *
 * The headers do not depend on the request: helmet writes them once, at start, and every answer
 * gets that set (@fastify/helmet built helmet's middleware again on every request, about 3% of
 * the cheapest request's CPU time).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:', 'https://www.youtube-nocookie.com'],
} as const;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The policy as a header value, with extra sources per directive (a page's inline script hash). */
export function cspHeader(extra: Partial<Record<keyof typeof CSP_DIRECTIVES, string[]>> = {}): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([k, v]) => `${kebab(k)} ${[...v, ...(extra[k as keyof typeof CSP_DIRECTIVES] ?? [])].join(' ')}`)
    .join('; ');
}

/** Lets other sites load this answer (the widget's scripts); everything else stays same-site. */
export const loadableFromAnySite = (reply: FastifyReply) => reply.header('cross-origin-resource-policy', 'cross-origin');

/** The headers helmet writes with `options`, lower-case names (it also removes X-Powered-By). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not write its headers synchronously');
  return headers;
}

/**
 * A provider address the browser itself connects to (the calling provider's device socket), as
 * connect-src sources: its origin over http(s) and ws(s). Nothing for an address that is no URL.
 */
export function socketSources(address: string): string[] {
  try {
    const u = new URL(address);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return [];
    return [u.origin, `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`];
  } catch {
    return [];
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; connectSrc?: string[] },
): Promise<void> {
  const headers = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...CSP_DIRECTIVES, connectSrc: [...CSP_DIRECTIVES.connectSrc, ...(opts.connectSrc ?? [])] },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      // HSTS only where Prosa is reached over https (PUBLIC_URL); on http it would be ignored, and on a
      // LAN address it must not pin a browser to https.
      strictTransportSecurity: opts.https ? { maxAge: 15_552_000 } : false,
    }),
  );
  // On the raw answer, as helmet did: a route's own header (a page's CSP) still replaces it.
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
