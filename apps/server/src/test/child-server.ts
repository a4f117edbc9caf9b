/**
 * The real server as a child process, for the crash and shutdown tests (`kill -9` mid-work, then a
 * restart on the same PostgreSQL database; SIGTERM mid-job): a free port, the start (ready when
 * /healthz answers), the kill. It is the compiled server started the way the container starts it
 * (`node scripts/start.mjs`, which builds apps/server/dist first when it is stale).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

let built = false;
/**
 * The server build, when stale: once per test file, before the first start is timed. The web app
 * is not needed here (the server runs without it), so the child skips the start's own check.
 */
function buildOnce(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', 'server'], { cwd: REPO, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
  built = true;
}

/** Starts the compiled server with the demo data on `dbUrl`, and waits until it is healthy. */
export async function startChildServer(
  port: number,
  opts: { dbUrl: string; dataDir: string; env?: Record<string, string> },
): Promise<ChildServer> {
  buildOnce();
  // Its own process group, so a signal to the group reaches it whatever starts it.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: opts.dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DEMO: '1',
      LOG_LEVEL: 'error',
      PROSA_NO_BUILD: '1',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Ready when /healthz answers: polled, as there is no event to wait for across processes.
  for (const deadline = Date.now() + 150_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`server not ready: ${stderr}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { url, child, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function kill9(s: ChildServer): Promise<void> {
  process.kill(-s.child.pid!, 'SIGKILL');
  await s.exited;
}

/** SIGTERM, as an orchestrator stops a container; resolves with the exit code. */
export async function terminate(s: ChildServer): Promise<number | null> {
  process.kill(s.child.pid!, 'SIGTERM');
  return s.exited;
}
