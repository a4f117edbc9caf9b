/**
 * A channel's proxy (SPEC §3 Channel `proxy`, validated by the channel form's schema: http://,
 * https://, socks://, socks4:// or socks5://, with optional user:password). Every connection to the
 * channel's provider goes through it: the WhatsApp Web socket and its media uploads (Node agents),
 * the Telegram Bot API (node-fetch, an agent), the Graph API and media downloads (fetch, an undici
 * dispatcher). A channel without a proxy connects directly.
 *
 * HTTP(S) proxies are used with CONNECT for every target (https-proxy-agent, undici's ProxyAgent);
 * SOCKS proxies resolve the target's name at the proxy (SOCKS5, SOCKS4a). Agents are kept per proxy
 * URL, so connections through one proxy are reused.
 *
 * SECURITY-CRITICAL (issue 9, M3): a company admin sets the proxy, so it must not aim Prosa at an
 * internal address (blind SSRF). The rule and the operator switch are the webhook URL guard's
 * (platform/security/private-address.ts, WEBHOOK_ALLOW_PRIVATE): a proxy given as a private IP is
 * refused before any connection (ProxyRefusedError), and a proxy given by name is connected to
 * through the guarded lookup, which refuses private answers at connect time.
 */
import type { Agent as HttpAgent } from 'node:http';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksClient, type SocksProxy } from 'socks';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { Agent as UndiciAgent, ProxyAgent, type Dispatcher } from 'undici';
import { guardedLookup, isPrivateHost, PRIVATE_ADDRESS_ERROR } from './private-address.js';

const CONNECT_TIMEOUT_MS = 20_000;
const KEPT = 200;

let privateTargetsAllowed = false;
/** Set once at boot from the operator's switch (WEBHOOK_ALLOW_PRIVATE; tests and sandboxes). */
export function allowPrivateProxies(allowed: boolean): void {
  privateTargetsAllowed = allowed;
}

/** A proxy the guard refuses; callers treat it as a connection that failed. */
export class ProxyRefusedError extends Error {
  readonly code = 'ERR_PROXY_PRIVATE_ADDRESS';
  constructor() {
    super(PRIVATE_ADDRESS_ERROR);
  }
}

/** The proxy, or ProxyRefusedError when it names a private address and those are not allowed. */
function guarded(u: URL): { u: URL; key: string; lookup?: typeof guardedLookup } {
  if (privateTargetsAllowed) return { u, key: `open ${u.href}` };
  if (isPrivateHost(u.hostname)) throw new ProxyRefusedError();
  return { u, key: `guarded ${u.href}`, lookup: guardedLookup };
}

/** Whether a channel form's proxy would be refused (checked on save, for a clear error then). */
export function isProxyRefused(proxy: string | null | undefined): boolean {
  const u = proxyUrlOf(proxy);
  return !!u && !privateTargetsAllowed && isPrivateHost(u.hostname);
}

const isSocks = (u: URL) => /^socks[45]?:$/.test(u.protocol);

/** The proxy URL, or undefined for none (empty) or one that is not a proxy URL. */
export function proxyUrlOf(proxy: string | null | undefined): URL | undefined {
  const value = proxy?.trim();
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return /^(https?|socks[45]?):$/.test(u.protocol) && u.hostname ? u : undefined;
  } catch {
    return undefined;
  }
}

function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let v = cache.get(key);
  if (v === undefined) {
    if (cache.size >= KEPT) cache.delete(cache.keys().next().value!);
    cache.set(key, (v = make()));
  }
  return v;
}

const agents = new Map<string, HttpAgent>();
/** A Node http(s) agent through the proxy (for `agent` options), or undefined without one. */
export function proxyAgentOf(proxy: string | null | undefined): HttpAgent | undefined {
  const found = proxyUrlOf(proxy);
  if (!found) return undefined;
  const { u, key, lookup } = guarded(found);
  return kept(agents, key, () =>
    isSocks(u)
      ? new SocksProxyAgent(u.href.replace(/^socks:/, 'socks5h:').replace(/^socks5:/, 'socks5h:'), {
          timeout: CONNECT_TIMEOUT_MS,
          ...(lookup ? { socketOptions: { lookup } } : {}),
        })
      : new HttpsProxyAgent(u.href, { keepAlive: true, timeout: CONNECT_TIMEOUT_MS, ...(lookup ? { lookup } : {}) }),
  );
}

function socksOptions(u: URL): SocksProxy {
  return {
    host: u.hostname,
    port: Number(u.port) || 1080,
    type: u.protocol === 'socks4:' ? 4 : 5,
    ...(u.username ? { userId: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
  };
}

/** An undici dispatcher whose connections are opened through a SOCKS proxy. */
function socksDispatcher(u: URL, lookup: typeof guardedLookup | undefined): Dispatcher {
  const proxy = socksOptions(u);
  return new UndiciAgent({
    connect(opts, callback) {
      const secure = opts.protocol === 'https:';
      SocksClient.createConnection({
        proxy,
        command: 'connect',
        destination: { host: opts.hostname, port: Number(opts.port) || (secure ? 443 : 80) },
        timeout: CONNECT_TIMEOUT_MS,
        // socks spreads these under the proxy's host and port (its type wants a port of its own).
        ...(lookup ? { socket_options: { lookup, port: proxy.port } } : {}),
      }).then(
        ({ socket }) => {
          if (!secure) return callback(null, socket);
          const servername = opts.servername ?? (isIP(opts.hostname) ? undefined : opts.hostname);
          const secured = tls.connect({ socket, ...(servername ? { servername } : {}), ALPNProtocols: ['http/1.1'] });
          secured.once('secureConnect', () => callback(null, secured));
          secured.once('error', (err) => callback(err, null));
        },
        (err: Error) => callback(err, null),
      );
    },
  });
}

const dispatchers = new Map<string, Dispatcher>();
/** An undici dispatcher through the proxy (fetch's `dispatcher`), or undefined without one. */
export function proxyDispatcherOf(proxy: string | null | undefined): Dispatcher | undefined {
  const found = proxyUrlOf(proxy);
  if (!found) return undefined;
  const { u, key, lookup } = guarded(found);
  return kept(dispatchers, key, () =>
    isSocks(u)
      ? socksDispatcher(u, lookup)
      : new ProxyAgent({
          uri: u.href,
          connect: { timeout: CONNECT_TIMEOUT_MS },
          // The connection to the proxy itself is made with proxyTls's options, http or https.
          ...(lookup ? { proxyTls: { lookup } } : {}),
        }),
  );
}

/**
 * Extra fetch() options for a request through the channel's proxy ({} without one). Node's fetch
 * takes undici's `dispatcher`, which the DOM RequestInit type does not name.
 */
export function proxyFetchInit(proxy: string | null | undefined): RequestInit {
  const dispatcher = proxyDispatcherOf(proxy);
  return dispatcher ? ({ dispatcher } as RequestInit) : {};
}
