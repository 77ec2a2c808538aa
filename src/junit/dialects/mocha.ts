// mocha-junit-reporter (the suite's file, the full title as the name), and mocha's own
// xunit reporter (one root <testsuite>).
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

export const mocha: DialectReader = {
  name: 'mocha',
  claims: (e) =>
    (e.root === 'testsuites' &&
      e.rootAttrs[0] === 'name' &&
      e.rootAttrs[1] === 'time' &&
      (e.rootName === 'Mocha Tests' ||
        e.suiteAttrs?.slice(0, 3).join(' ') === 'name timestamp tests')) ||
    (e.root === 'testsuite' &&
      attrsAre(e.rootAttrs, 'name tests failures errors skipped timestamp time')),
  id: fileOrClassId,
};
