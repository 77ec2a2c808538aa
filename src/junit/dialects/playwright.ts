// Playwright Test's junit reporter: classname is the spec file relative to testDir, the name
// joins the describe titles with ' › '. A test that passed on a retry is written as a plain
// pass; test.fail() that failed as expected is a pass, as Playwright counts it.
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

export const playwright: DialectReader = {
  name: 'playwright',
  claims: (e) =>
    e.root === 'testsuites' && attrsAre(e.rootAttrs, 'id name tests failures skipped errors time'),
  id: fileOrClassId,
};
