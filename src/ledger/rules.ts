// Class rules (`ID_GLOB=property:INVARIANT:SEEDS_DIR`, `ID_GLOB=locked_fixture:PATH|{file}`):
// what `init --rule` takes and what the ledger's `rules:` keeps, so `update` classes a new
// passing test the way `init` classed its neighbours. Pure: paths are checked lexically.
import { globProblem } from './golden-set.js';
import { canonicalSpelling, pathProblem } from './pathRules.js';

/** The artifact placeholder that stands for the test's own file. */
export const OWN_FILE = '{file}';

/** What `init` applies with no `--rule`, and `update` without a `rules:` key: each test locked to its file. */
export const DEFAULT_RULE = `*=locked_fixture:${OWN_FILE}`;

export interface ClassRule {
  text: string;
  match: (id: string) => boolean;
  fields:
    | { class: 'property'; invariant: string; seeds: string }
    | { class: 'locked_fixture'; artifact: string };
}

/** `*` matches any run of characters (`/` and `:` included); every other character is literal. */
export function idPattern(glob: string): (id: string) => boolean {
  const re = new RegExp(
    '^' +
      glob
        .split('*')
        .map((s) => s.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
        .join('.*') +
      '$',
    's',
  );
  return (id) => re.test(id);
}

export const RULE_SHAPE =
  "expected 'ID_GLOB=property:INVARIANT:SEEDS_DIR' or 'ID_GLOB=locked_fixture:ARTIFACT_PATH|ARTIFACT_GLOB|{file}'";

/** The rule's parts, or why it is not one. Paths must be repository-relative and canonical. */
export function parseClassRule(text: string): ClassRule | { problem: string } {
  const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
  if (!m) return { problem: RULE_SHAPE };
  const [, glob, cls, rest] = m;
  const path = (p: string, field: 'artifact' | 'seeds'): string | { problem: string } => {
    const why = pathProblem(p);
    if (why) return { problem: `${field} '${p}' ${why}` };
    const better = canonicalSpelling(field, p);
    return better === null ? p : { problem: `${field} '${p}' is not canonical; write '${better}'` };
  };
  if (cls === 'property') {
    const colon = rest.indexOf(':');
    if (colon <= 0 || colon === rest.length - 1)
      return { problem: 'a property rule needs INVARIANT:SEEDS_DIR' };
    const seeds = path(rest.slice(colon + 1), 'seeds');
    if (typeof seeds !== 'string') return seeds;
    return {
      text,
      match: idPattern(glob),
      fields: { class: 'property', invariant: rest.slice(0, colon), seeds },
    };
  }
  const artifact = rest === OWN_FILE ? rest : path(rest, 'artifact');
  if (typeof artifact !== 'string') return artifact;
  // A glob locks each matching test to every golden it matches, as one set (golden-set.ts).
  const wild = globProblem(artifact);
  if (wild) return { problem: `artifact '${artifact}' ${wild}` };
  return { text, match: idPattern(glob), fields: { class: 'locked_fixture', artifact } };
}

/** The first rule matching `id`. */
export function ruleFor(rules: readonly ClassRule[], id: string): ClassRule | undefined {
  return rules.find((r) => r.match(id));
}
