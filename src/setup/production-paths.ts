// The production code of a repository, from its file list, for the gate job's
// `production-paths` and `agent-write-paths` inputs. One derivation serves setup and the gate
// (decision/production-paths.ts, CONTRACT §3): setup writes its folders and root files out for
// the team to read and edit; test files at the root (`test_x.py`, `x.test.js`) are left out.
// The nested exclusions (dotfiles, manifests, test folders inside a source folder) are not
// written: the harness and test path sets catch those files whatever the list says.
import { deriveProductionPaths } from '../decision/production-paths.js';

/** A test file by its name, as runners discover them. */
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go)|[^/]*\.(test|spec)\.[cm]?[jt]sx?)$/;

/** `dir/**` for each top-level source folder and each root source file that is not tooling; sorted. */
export function productionPaths(files: readonly string[]): string[] {
  const d = deriveProductionPaths(files, (p) => TEST_FILE.test(p));
  return [...d.folders.map((f) => `${f}/**`), ...d.rootFiles].sort();
}
