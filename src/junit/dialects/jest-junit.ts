// jest-junit: `<file>::<name>` with addFileAttribute, else `<classname>::<name>`.
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

export const jestJunit: DialectReader = {
  name: 'jest-junit',
  claims: (e) =>
    e.root === 'testsuites' &&
    (attrsAre(e.suiteAttrs, 'name errors failures skipped timestamp time tests') ||
      (e.rootName === 'jest tests' && attrsAre(e.rootAttrs, 'name tests failures errors time'))),
  id: fileOrClassId,
};
