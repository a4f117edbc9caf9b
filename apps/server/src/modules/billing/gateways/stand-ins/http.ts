/**
 * What the payment gateways' stand-ins share: their JSON answers and request bodies, and, for the
 * runnable sandboxes (`main.ts`), the command-line arguments and the echo of the calls received.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--name value` from the sandbox's command line. */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Prints each API call the stand-in received, as it arrives (every half second). */
export function echoRequests(requests: () => { method: string; path: string }[]): void {
  let seen = 0;
  setInterval(() => {
    const all = requests();
    for (const r of all.slice(seen)) console.log(`${r.method} ${r.path}`);
    seen = all.length;
  }, 500).unref();
}

/** Closes a stand-in's server now: its open keep-alive connections too, or close() would wait on them. */
export function closeServer(server: Pick<Server, 'close' | 'closeAllConnections'>): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A sandbox stops on Ctrl+C or SIGTERM, its server closed first. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
