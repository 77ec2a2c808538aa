// jest-junit: `<file>::<name>` with addFileAttribute, else `<classname>::<name>`.
import { runnerName } from '../../ledger/rekey.js';
import { attrsAre, fileOrClassId, type DialectReader, type SuiteCase } from './dialect.js';

export const jestJunit: DialectReader = {
  name: 'jest-junit',
  claims: (e) =>
    e.root === 'testsuites' &&
    (attrsAre(e.suiteAttrs, 'name errors failures skipped timestamp time tests') ||
      (e.rootName === 'jest tests' && attrsAre(e.rootAttrs, 'name tests failures errors time'))),
  // A top-level test's name is `" title"`: its id is `FILE::title`, as jest names it.
  id: (c, file) =>
    plainId(c)
      ? fileOrClassId(c, file)
      : fileOrClassId(
          { ...c, name: runnerName(c.name), classname: runnerName(c.classname ?? '') },
          file,
        ),
  plainId,
};

function plainId(c: SuiteCase): boolean {
  return !c.name.startsWith(' ') && c.classname?.startsWith(' ') !== true;
}
