// Maven Surefire/Failsafe: rerun and flaky elements are read in parse.ts (every dialect).
import type { DialectReader } from './dialect.js';
import { fileOrClassId } from './dialect.js';

export const surefire: DialectReader = {
  name: 'surefire',
  claims: (e) => e.surefireSchema,
  id: fileOrClassId,
};
