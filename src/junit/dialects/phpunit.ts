// PHPUnit --log-junit: `<file>::<name>`, the name with its data set (`testX with data set #0`).
// PHPUnit 9 writes incomplete tests as <skipped/> too, and a risky test as an <error> of type
// RiskyTestError (it counts it as risky, not passed): read as written, never a pass.
import { fileOrClassId, type DialectReader } from './dialect.js';

export const phpunit: DialectReader = {
  name: 'phpunit',
  // Only PHPUnit counts assertions per case and writes both `class` and `classname`.
  claims: (e) =>
    ['class', 'classname', 'assertions'].every((a) => e.caseAttrs?.includes(a) === true),
  id: fileOrClassId,
};
