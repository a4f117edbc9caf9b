/**
 * Where a `node --cpu-prof` profile spent its time: self time by area (package, or Prosa's own
 * folder) and the hottest functions, as percentages of the sampled time.
 *   node bench/cpu-profile-summary.mjs <file.cpuprofile> [--last=<seconds>] [--top=25] [--incl=<re>,<re>...]
 * --last keeps the profile's last seconds only (the measured run, not the start);
 * --incl prints the inclusive time of stacks with a frame whose "function url" matches each regex.
 */
/* global process, console */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const file = args.find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [--last=s] [--top=n] [--incl=re,...]');
const top = Number(opt('top') ?? 25);
const last = opt('last') ? Number(opt('last')) * 1e6 : Infinity;
const incl = (opt('incl') ?? '').split(',').filter(Boolean).map((r) => new RegExp(r));
/** @type {{ nodes: { id: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[], endTime: number, startTime: number }} */
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const inclusive = incl.map(() => 0);
let total = 0;
let t = prof.startTime;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  t += dt;
  if (prof.endTime - t > last) return;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
  if (incl.length === 0) return;
  const frames = [];
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const cf = byId.get(n).callFrame;
    frames.push(`${cf.functionName} ${cf.url}`);
  }
  incl.forEach((re, k) => {
    if (frames.some((f) => re.test(f))) inclusive[k] += dt;
  });
});

/** @param {string} url */
function area(url, fn) {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = url.match(/apps\/server\/src\/(.*)\/[^/]+$/);
  return m ? `prosa:${m[1]}` : url.replace(/^.*\//, '');
}

const areas = new Map();
const fns = new Map();
for (const [id, t] of self) {
  const { callFrame: cf } = byId.get(id);
  const a = area(cf.url, cf.functionName);
  areas.set(a, (areas.get(a) ?? 0) + t);
  const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^.*apps\/server\/src\//, '')}:${cf.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1)}%`.padStart(6);
console.log(`${(total / 1e6).toFixed(1)} s sampled\n`);
incl.forEach((re, k) => console.log(`inclusive ${pct(inclusive[k])}  ${re}`));
console.log('\nself time by area:');
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(t)}  ${a}`);
console.log('\nhottest functions (self):');
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(t)}  ${f}`);
