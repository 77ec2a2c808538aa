// rspec_junit_formatter: one root <testsuite>, `<file>::<full description>` (file `./spec/…`).
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

export const rspec: DialectReader = {
  name: 'rspec',
  claims: (e) =>
    e.root === 'testsuite' &&
    attrsAre(e.rootAttrs, 'name tests skipped failures errors time timestamp hostname') &&
    e.properties.has('seed'),
  id: fileOrClassId,
};
