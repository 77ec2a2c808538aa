// The fast-check seed of the property tests: the newest file of a seed corpus (one seed a
// file; a corpus may only grow), or FC_SEED to explore other seeds locally.
import { readdirSync, readFileSync } from 'node:fs';

export function newestSeed(dir: string): number {
  const seeds = readdirSync(dir)
    .sort()
    .map((f) => Number(readFileSync(`${dir}/${f}`, 'utf8').trim()));
  const seed = seeds.at(-1);
  if (seed === undefined || !Number.isSafeInteger(seed)) throw new Error(`no seed in ${dir}`);
  return seed;
}

export const PROPERTY_SEED = Number(
  process.env.FC_SEED ?? newestSeed('__fixtures__/properties/seeds'),
);
