/**
 * SECURITY-CRITICAL: browser security headers (issue 9, L6), through @fastify/helmet, on every
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
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
  frameSrc: ["'self'", 'blob:'],
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

export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only where Prosa is reached over https (PUBLIC_URL); on http it would be ignored, and on a
    // LAN address it must not pin a browser to https.
    strictTransportSecurity: opts.https ? { maxAge: 15_552_000 } : false,
  });
}
