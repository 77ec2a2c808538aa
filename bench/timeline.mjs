// Where one profiled run's time goes, over time: for each thread of a bench/profile.mjs profile
// folder, per time slice (ms, default 10), the two frames with the most self time and their
// callers. For finding the stages of a run before changing anything; build with
// `node scripts/build.mjs --no-minify --out DIR` so the names read.
//
//   node bench/timeline.mjs PROFILE_DIR [SLICE_MS]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
const dir = process.argv[2];
const bucket = Number(process.argv[3] ?? 10);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort();
let t0 = Infinity;
const profs = files.map((f) => JSON.parse(readFileSync(path.join(dir, f))));
for (const p of profs) t0 = Math.min(t0, p.startTime);
for (const [i, p] of profs.entries()) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id) => {
    // chain of function names, skipping anon
    const names = [];
    let cur = id;
    while (cur !== undefined) {
      const n = byId.get(cur);
      const fn = n.callFrame.functionName;
      if (fn && !fn.startsWith('(')) names.push(fn);
      cur = parent.get(cur);
    }
    return names.reverse().slice(0, 8).join('>');
  };
  let t = p.startTime;
  const buckets = new Map();
  for (let k = 0; k < p.samples.length; k++) {
    t += p.timeDeltas[k];
    const b = Math.floor((t - t0) / 1000 / bucket);
    const n = byId.get(p.samples[k]);
    const self = n.callFrame.functionName || '(anon)';
    if (self === '(idle)') continue;
    const key = label(p.samples[k]).split('>').slice(-3).join('>') + ' | ' + self;
    const m = buckets.get(b) ?? new Map();
    m.set(key, (m.get(key) ?? 0) + p.timeDeltas[k] / 1000);
    buckets.set(b, m);
  }
  console.log(
    `== thread ${i} (${files[i]}) starts +${((p.startTime - t0) / 1000).toFixed(0)} ms, ends +${((p.endTime - t0) / 1000).toFixed(0)} ms`,
  );
  for (const b of [...buckets.keys()].sort((a, b) => a - b)) {
    const m = buckets.get(b);
    const tot = [...m.values()].reduce((a, b) => a + b, 0);
    const top = [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([k, v]) => `${v.toFixed(0)}ms ${k.slice(0, 90)}`)
      .join(' ;; ');
    console.log(`${String(b * bucket).padStart(5)} ${tot.toFixed(0).padStart(3)}ms  ${top}`);
  }
}
