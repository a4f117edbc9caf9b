/**
 * One loopback origin for Graph API stand-ins. In production the WhatsApp Cloud API, Messenger and
 * Instagram are all graph.facebook.com, and Prosa reads one GRAPH_API_URL for them; a test or a
 * sandbox that needs the WhatsApp and the Messenger/Instagram stand-ins at once starts one host
 * and passes it to both (`startWabaStandIn({ host })`, `startMetaStandIn({ host })`).
 *
 * Graph tells its callers apart by their access token, and so does the host: a request goes to the
 * first stand-in that claims it (its own token, or a link it handed out). A request nobody claims
 * goes to the first stand-in mounted, which answers it as Graph answers an unknown token. A
 * stand-in started without a host gets a host of its own and answers everything.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface GraphStandInPart {
  /** Whether this request is the stand-in's (read the headers and URL only, never the body). */
  claims(req: IncomingMessage, url: URL): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export interface GraphStandInHost {
  /** http://127.0.0.1:{port}, the origin every mounted stand-in builds its URLs on. */
  origin: string;
  /** Adds a stand-in; the function answered removes it. */
  mount(part: GraphStandInPart): () => void;
  close(): Promise<void>;
}

/** The bearer token or `access_token` query a Graph call carries ('' when none). */
export function graphTokenOf(req: IncomingMessage, url: URL): string {
  const auth = req.headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : (url.searchParams.get('access_token') ?? '');
}

export async function startGraphStandInHost(port = 0): Promise<GraphStandInHost> {
  const parts: GraphStandInPart[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const part = parts.find((p) => p.claims(req, url)) ?? parts[0];
    if (part) return part.handle(req, res);
    res.writeHead(503, { 'content-type': 'text/plain' }).end('no Graph stand-in mounted');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    mount(part) {
      parts.push(part);
      return () => {
        const at = parts.indexOf(part);
        if (at >= 0) parts.splice(at, 1);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
