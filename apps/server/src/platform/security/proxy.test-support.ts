/**
 * Local proxies for the proxy tests: an HTTP proxy (CONNECT tunnels and absolute-URI forwarding)
 * and a SOCKS5 server, both on 127.0.0.1, optionally asking for credentials. They record what went
 * through them and only ever connect to 127.0.0.1 (tests reach nothing else).
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Passage {
  kind: 'CONNECT' | 'FORWARD' | 'SOCKS';
  /** host:port asked for. */
  target: string;
  /** The credentials the client gave (user:password), '' when none. */
  credentials: string;
}

interface LocalProxy {
  url: string;
  port: number;
  seen: Passage[];
  close(): Promise<void>;
}

const LOCAL = new Set(['127.0.0.1', 'localhost', '::1']);
const fromBasic = (header: string | undefined) =>
  header?.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';

/** "user:pass" as the user-info part of a URL, each half percent-encoded. */
function userInfo(credentials: string): string {
  if (!credentials) return '';
  const at = credentials.indexOf(':');
  return `${encodeURIComponent(credentials.slice(0, at))}:${encodeURIComponent(credentials.slice(at + 1))}@`;
}

function tracked(server: net.Server) {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

/** An HTTP proxy; with `credentials` ("user:password") it answers 407 to anyone without them. */
export async function startHttpProxy(credentials = ''): Promise<LocalProxy> {
  const seen: Passage[] = [];
  const refused = (given: string) => !!credentials && given !== credentials;
  const server = http.createServer((req, res) => {
    const given = fromBasic(req.headers['proxy-authorization']);
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    seen.push({ kind: 'FORWARD', target: target.host, credentials: given });
    if (refused(given)) return void res.writeHead(407).end();
    if (!LOCAL.has(target.hostname)) return void res.writeHead(403).end();
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const up = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const given = fromBasic(req.headers['proxy-authorization']);
    const target = req.url ?? '';
    seen.push({ kind: 'CONNECT', target, credentials: given });
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    if (refused(given)) return void socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    if (!LOCAL.has(host.replace(/^\[|\]$/g, ''))) return void socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const up = net.connect(port, host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  const close = tracked(server);
  const port = await listen(server);
  const auth = userInfo(credentials);
  return { url: `http://${auth}127.0.0.1:${port}`, port, seen, close };
}

/** A SOCKS5 server (RFC 1928, CONNECT only); with `credentials` it requires user/password (RFC 1929). */
export async function startSocksProxy(credentials = ''): Promise<LocalProxy> {
  const seen: Passage[] = [];
  const server = net.createServer((client) => {
    let buf = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' | 'piping' = 'greeting';
    let given = '';
    client.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (stage === 'piping') return;
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (stage === 'greeting') {
          if (buf.length < 2 || buf.length < 2 + buf[1]!) return;
          const methods = [...buf.subarray(2, 2 + buf[1]!)];
          buf = buf.subarray(2 + buf[1]!);
          const method = credentials ? 0x02 : 0x00;
          if (!methods.includes(method)) return void client.end(Buffer.from([0x05, 0xff]));
          client.write(Buffer.from([0x05, method]));
          stage = credentials ? 'auth' : 'request';
        } else if (stage === 'auth') {
          if (buf.length < 2) return;
          const ulen = buf[1]!;
          if (buf.length < 3 + ulen || buf.length < 3 + ulen + buf[2 + ulen]!) return;
          const plen = buf[2 + ulen]!;
          given = `${buf.subarray(2, 2 + ulen).toString()}:${buf.subarray(3 + ulen, 3 + ulen + plen).toString()}`;
          buf = buf.subarray(3 + ulen + plen);
          if (given !== credentials) return void client.end(Buffer.from([0x01, 0x01]));
          client.write(Buffer.from([0x01, 0x00]));
          stage = 'request';
        } else {
          if (buf.length < 5) return;
          const atyp = buf[3]!;
          const addrLen = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : 1 + buf[4]!;
          if (buf.length < 4 + addrLen + 2) return;
          const addr = buf.subarray(4, 4 + addrLen);
          const host =
            atyp === 0x01
              ? [...addr].join('.')
              : atyp === 0x03
                ? addr.subarray(1).toString()
                : Array.from({ length: 8 }, (_, i) => addr.readUInt16BE(i * 2).toString(16)).join(':');
          const port = buf.readUInt16BE(4 + addrLen);
          const rest = buf.subarray(4 + addrLen + 2);
          seen.push({ kind: 'SOCKS', target: `${host}:${port}`, credentials: given });
          stage = 'piping';
          if (!LOCAL.has(host)) return void client.end(Buffer.from([0x05, 0x02, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
          const up = net.connect(port, host, () => {
            client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0]));
            if (rest.length) up.write(rest);
            up.pipe(client);
            client.pipe(up);
          });
          up.on('error', () => client.destroy());
          return;
        }
      }
    });
  });
  const close = tracked(server);
  const port = await listen(server);
  const auth = userInfo(credentials);
  return { url: `socks5://${auth}127.0.0.1:${port}`, port, seen, close };
}

/** A stand-in provider: answers every request with `answer(path)` as JSON and records the paths. */
export async function startJsonServer(answer: (path: string) => unknown) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req.url ?? '')));
    });
  });
  const close = tracked(server);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, paths, close };
}
