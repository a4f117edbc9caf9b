/**
 * Start and memory of `npm start` on the embedded database (issue 12):
 *   1. first start with DEMO=1 into a fresh data folder (migrations, operator, demo companies),
 *   2. a short load: logins of the demo users, then GETs of tickets, a ticket's messages, contacts,
 *   3. the RSS of every process in the start's process tree (from /proc), goal < 500 MB,
 *   4. SIGTERM: the time to exit and the exit code,
 *   5. a cold start of the same data folder to the first healthy /healthz (goal < 5 s), its RSS.
 *
 *   npm run bench:startup -w bench          (or: npx tsx bench/startup.ts)
 * BENCH_ROUNDS (default 3): rounds of the load; BENCH_COMMAND: the start command (default `npm start`).
 * BENCH_SMAPS=1 also prints the largest memory mappings of the biggest process (/proc/<pid>/smaps):
 * PGlite's WebAssembly memory, V8's heap, malloc arenas.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COMMAND = (process.env.BENCH_COMMAND ?? 'npm start').split(' ');
const RSS_GOAL_MB = 500;
const COLD_GOAL_S = 5;
const PAGE = 4096;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Every process under `pid` (itself included), with its RSS in bytes, read from /proc. */
function processTree(pid: number): { pid: number; rss: number; cmd: string }[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) is in parentheses and may hold spaces: fields follow its last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree.flatMap((p) => {
    try {
      const resident = Number(readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * PAGE;
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim();
      return [{ pid: p, rss: resident, cmd }];
    } catch {
      return [];
    }
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  seconds: number;
  exited: Promise<number | null>;
}

async function start(dataDir: string, port: number): Promise<Started> {
  const began = performance.now();
  const child = spawn(COMMAND[0]!, COMMAND.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', DATABASE_URL: '', REDIS_URL: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Polled: there is no event across processes. 50 ms steps keep the figure within 50 ms.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false))
      return { child, url, seconds: (performance.now() - began) / 1000, exited };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM to the server process (the tree's deepest node process), as an orchestrator sends it. */
async function stop(s: Started): Promise<{ seconds: number; code: number | null }> {
  const server = processTree(s.child.pid!).filter((p) => p.cmd.startsWith('node ')).at(-1)!;
  const began = performance.now();
  process.kill(server.pid, 'SIGTERM');
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(server.pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
  const seconds = (performance.now() - began) / 1000;
  // npm passes the server's exit code on.
  return { seconds, code: await s.exited };
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function load(url: string): Promise<number> {
  const users = ['admin@padaria.demo', 'supervisor@padaria.demo', 'agente@padaria.demo', 'admin@clinica.demo', 'agente@clinica.demo'];
  let requests = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      users.map(async (email) => {
        const { token } = await json<{ token: string }>(`${url}/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'prosa-demo' }),
        });
        const get = <T>(p: string) => json<T>(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
        const list = await get<{ tickets: { id: number }[] }>('/tickets');
        requests += 2;
        // Admins read any ticket; agents only those of their queues (the list shows them pending ones too).
        for (const t of email.startsWith('admin@') ? list.tickets.slice(0, 10) : []) {
          await get(`/messages/${t.id}`);
          requests++;
        }
        await get('/contacts');
        await get('/contacts?searchParam=an');
        requests += 2;
      }),
    );
  }
  return requests;
}

/** The largest mappings of a process by RSS, with their name (a file, [heap], or anonymous). */
function printLargestMappings(pid: number): void {
  const rows: { kb: number; name: string }[] = [];
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] || '(anonymous)';
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) rows.push({ kb: Number(rss[1]), name });
  }
  rows.sort((a, b) => b.kb - a.kb);
  for (const r of rows.slice(0, 8)) console.log(`    ${String(Math.round(r.kb / 1024)).padStart(5)} MB  ${r.name}`);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-startup-'));
const started: Started[] = [];
try {
  console.log(`Start and memory of \`${COMMAND.join(' ')}\` on the embedded database (data: ${dataDir})\n`);
  const first = await start(dataDir, await freePort());
  started.push(first);
  console.log(`first start with the demo data: healthy after ${first.seconds.toFixed(1)} s`);
  const requests = await load(first.url);
  console.log(`load: ${requests} requests (${ROUNDS} rounds of 5 logins + tickets, messages, contacts)`);
  const tree = processTree(first.child.pid!);
  const total = tree.reduce((n, p) => n + p.rss, 0);
  for (const p of tree) console.log(`  ${String(mb(p.rss)).padStart(5)} MB  ${p.cmd.slice(0, 70)}`);
  console.log(`RSS after the load, whole tree: ${mb(total)} MB (goal < ${RSS_GOAL_MB} MB)`);
  if (process.env.BENCH_SMAPS === '1') printLargestMappings(tree.reduce((a, b) => (b.rss > a.rss ? b : a)).pid);
  const stopped = await stop(first);
  console.log(`SIGTERM: exited in ${stopped.seconds.toFixed(1)} s with code ${stopped.code}`);

  const cold = await start(dataDir, await freePort());
  started.push(cold);
  const coldTree = processTree(cold.child.pid!);
  console.log(`cold start on the same data folder: healthy after ${cold.seconds.toFixed(2)} s (goal < ${COLD_GOAL_S} s), RSS ${mb(coldTree.reduce((n, p) => n + p.rss, 0))} MB`);
  await stop(cold);
  const ok = total < RSS_GOAL_MB * 1024 * 1024 && cold.seconds < COLD_GOAL_S && stopped.code === 0;
  console.log(ok ? '\nAll goals met.' : '\nSome goal missed.');
} finally {
  for (const s of started) if (s.child.exitCode === null) process.kill(-s.child.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
