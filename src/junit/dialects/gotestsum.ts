// gotestsum and go-junit-report: `<package>::<test>`; --rerun-fails writes each attempt.
import { fileOrClassId, type DialectReader } from './dialect.js';

export const gotestsum: DialectReader = {
  name: 'go-junit-report',
  claims: (e) => e.properties.has('go.version'),
  id: fileOrClassId,
  rerunsAsCases: true,
};
