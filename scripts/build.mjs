#!/usr/bin/env node
// `npm run build`: the web app (Vite, into apps/web/dist) and the server (esbuild, into
// apps/server/dist/main.js). The one build every path uses: `npm start` (only what is stale), the
// browser journeys (`npm run test:e2e`), CI and the Dockerfile. Needs no network.
//
//   node scripts/build.mjs              builds both
//   node scripts/build.mjs --if-stale   builds only what is missing or older than its sources
//   node scripts/build.mjs server|web   builds one
//
// The server is one ES module bundle of its TypeScript and of the workspace package
// @prosa/contracts; npm packages stay external (loaded from node_modules at run time, as in
// development). A bundle starts faster and holds less than tsx (no esbuild service, no on-the-fly
// transform of 500 files), and builds in about a second, where `tsc` emit takes a minute here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

export const SERVER_OUT = at('apps/server/dist/main.js');
const WEB_OUT = at('apps/web/dist/index.html');

const targets = {
  web: {
    out: WEB_OUT,
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contracts/src'],
    build: buildWeb,
  },
  server: {
    out: SERVER_OUT,
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/contracts/src', 'scripts/build.mjs'],
    build: buildServer,
  },
};

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    t = Math.max(t, newest(path.join(p, entry.name)));
  }
  return t;
}

/** Missing, or older than one of its sources. Sources absent (a runtime image) count as built. */
export function isStale(name) {
  const { out, sources } = targets[name];
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  return sources.some((p) => existsSync(at(p)) && newest(at(p)) > built) || built === 0;
}

function buildWeb() {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

async function buildServer() {
  const esbuild = await import('esbuild');
  const serverSrc = at('apps/server/src');
  const outDir = path.dirname(SERVER_OUT);
  const result = await esbuild.build({
    write: false,
    entryPoints: [path.join(serverSrc, 'main.ts')],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'prosa-server',
        setup(b) {
          // npm packages stay in node_modules; the workspace package (TypeScript) is bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@prosa/') ? undefined : { path: args.path, external: true },
          );
          // Files the server reads next to its modules (the migrations, the web app, the widget)
          // are found from `import.meta.url`: each module keeps the URL of its source file,
          // expressed relative to the bundle, so those paths hold from apps/server/dist too.
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const rel = path.relative(outDir, args.path).split(path.sep).join('/');
            return {
              contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
              loader: 'ts',
            };
          });
        },
      },
    ],
  });
  await esbuild.stop();
  // Written aside, then renamed: test files that build at once never load a half-written bundle.
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
}

export async function build(names, { ifStale = false } = {}) {
  for (const name of names) {
    if (ifStale && !isStale(name)) continue;
    const started = Date.now();
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'}...`);
    await targets[name].build();
    console.log(`Built the ${name === 'web' ? 'web app' : 'server'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => a in targets);
  try {
    await build(names.length ? names : ['web', 'server'], { ifStale: args.includes('--if-stale') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
