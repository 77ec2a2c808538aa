// node --test --test-reporter=junit: bare test names, so the id holds the suite path.
import { fileOrClassId, type DialectReader } from './dialect.js';

export const node: DialectReader = {
  name: 'node',
  claims: (e) => e.nodeSummary,
  id: (c, file) =>
    fileOrClassId(c.suitePath ? { ...c, name: `${c.suitePath} > ${c.name}` } : c, file),
};
