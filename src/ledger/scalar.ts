// YAML 1.2 core-schema resolution of plain scalars, mirroring the `yaml` package's core
// tags (which has no timestamp type: `opened: 2026-09-10` is the string "2026-09-10").
import type { ScalarType } from './tree.js';

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

// Cheap screen: a core null or bool is at most 5 characters, and every number starts with
// a digit, a sign or a dot; most ledger values (ids, paths, names) are neither.
export function mayBeTyped(s: string): boolean {
  if (s.length <= 5) return true;
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
}

export function resolvePlain(s: string): {
  type: ScalarType;
  value: string | number | boolean | null;
} {
  if (NULL.test(s)) return { type: 'null', value: null };
  if (BOOL.test(s)) return { type: 'boolean', value: s[0] === 't' || s[0] === 'T' };
  if (INT_OCT.test(s)) return { type: 'number', value: parseInt(s.slice(2), 8) };
  if (INT.test(s)) return { type: 'number', value: parseInt(s, 10) };
  if (INT_HEX.test(s)) return { type: 'number', value: parseInt(s.slice(2), 16) };
  if (FLOAT_NAN.test(s)) {
    const nan = s.endsWith('nan') || s.endsWith('NaN') || s.endsWith('NAN');
    return { type: 'number', value: nan ? NaN : s[0] === '-' ? -Infinity : Infinity };
  }
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return { type: 'number', value: parseFloat(s) };
  return { type: 'string', value: s };
}
