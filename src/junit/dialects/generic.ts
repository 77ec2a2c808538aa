// Any other JUnit XML: `<file or classname>::<name>`, the suite's name standing in for both.
import { fileOrClassId, type DialectReader } from './dialect.js';

export const generic: DialectReader = {
  name: 'generic',
  claims: () => true,
  id: fileOrClassId,
};
