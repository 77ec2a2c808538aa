// vitest --reporter=junit: classname is the file, the name joins the describe titles with ' > '.
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

export const vitest: DialectReader = {
  name: 'vitest',
  claims: (e) =>
    attrsAre(e.suiteAttrs, 'name timestamp hostname tests failures errors skipped time') &&
    e.root === 'testsuites' &&
    (e.rootName === 'vitest tests' || attrsAre(e.rootAttrs, 'name tests failures errors time')),
  id: fileOrClassId,
};
