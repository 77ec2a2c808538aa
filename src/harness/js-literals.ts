// What a JavaScript or TypeScript file says in literals (pure, one pass): the string values of
// the config keys the resolvers ask about, and the modules it imports or requires by a literal
// path. A config is code, so a value that is not literals (`path.join(__dirname, x)`, a
// variable) is reported as such: the caller says it could not follow it.

type Tok = { t: 'str' | 'id' | 'punct'; v: string; line: number; tpl?: boolean };

/** Strings, identifiers and punctuation, comments dropped. */
export function tokens(src: string): Tok[] {
  const out: Tok[] = [];
  let line = 1;
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '/' && src[i + 1] === '/') {
      const e = src.indexOf('\n', i);
      i = e < 0 ? n : e;
    } else if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2);
      const stop = e < 0 ? n : e + 2;
      for (let k = i; k < stop; k++) if (src[k] === '\n') line++;
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let v = '';
      let j = i + 1;
      let tpl = false;
      const at = line;
      while (j < n && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < n) {
          v += src[j + 1];
          j += 2;
          continue;
        }
        if (c === '`' && src[j] === '$' && src[j + 1] === '{') tpl = true;
        if (src[j] === '\n') {
          if (c !== '`') break;
          line++;
        }
        v += src[j];
        j++;
      }
      out.push({ t: 'str', v, line: at, tpl });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(src[j])) j++;
      out.push({ t: 'id', v: src.slice(i, j), line });
      i = j;
    } else {
      out.push({ t: 'punct', v: c, line });
      i++;
    }
  }
  return out;
}

export interface KeyValue {
  key: string;
  line: number;
  /** The string literals of the value, object keys left out. */
  strings: string[];
  /** The value holds code other than literals (a call, a variable, a template with `${}`). */
  dynamic: boolean;
}

const LITERAL_IDS = new Set(['true', 'false', 'null', 'undefined']);

/** Each `key: value` (or `key = value`) whose key is in `keys`, with the value's literals. */
export function keyValues(toks: Tok[], keys: ReadonlySet<string>): KeyValue[] {
  const out: KeyValue[] = [];
  for (let i = 0; i + 1 < toks.length; i++) {
    const k = toks[i];
    if ((k.t !== 'id' && k.t !== 'str') || !keys.has(k.v)) continue;
    if (toks[i + 1].v !== ':') continue;
    const kv: KeyValue = { key: k.v, line: k.line, strings: [], dynamic: false };
    // The value runs to the comma or closing bracket at its own depth.
    let depth = 0;
    let j = i + 2;
    for (; j < toks.length; j++) {
      const t = toks[j];
      if (t.t === 'punct' && '([{'.includes(t.v)) depth++;
      else if (t.t === 'punct' && ')]}'.includes(t.v)) {
        if (depth === 0) break;
        depth--;
      } else if (t.t === 'punct' && (t.v === ',' || t.v === ';') && depth === 0) break;
      else if (t.t === 'str') {
        if (t.tpl) kv.dynamic = true;
        else if (toks[j + 1]?.v !== ':') kv.strings.push(t.v);
      } else if (t.t === 'id' && !LITERAL_IDS.has(t.v) && toks[j + 1]?.v !== ':') kv.dynamic = true;
    }
    out.push(kv);
    i = j - 1;
  }
  return out;
}

export interface Import {
  spec: string;
  line: number;
}

/**
 * The modules a file loads by a literal name (an import declaration, a bare import, a require
 * call, a dynamic import call), and the lines of loads whose name is not a literal.
 */
export function imports(toks: Tok[]): { literal: Import[]; dynamic: number[] } {
  const literal: Import[] = [];
  const dynamic: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t !== 'id') continue;
    if ((t.v === 'require' || t.v === 'import') && toks[i + 1]?.v === '(') {
      if (toks[i - 1]?.v === '.') continue; // x.require(…), a method
      const a = toks[i + 2];
      if (a?.t === 'str' && !a.tpl && toks[i + 3]?.v === ')')
        literal.push({ spec: a.v, line: a.line });
      else dynamic.push(t.line);
    } else if (t.v === 'from' && toks[i + 1]?.t === 'str') {
      literal.push({ spec: toks[i + 1].v, line: toks[i + 1].line });
    } else if (t.v === 'import' && toks[i + 1]?.t === 'str') {
      literal.push({ spec: toks[i + 1].v, line: toks[i + 1].line });
    }
  }
  return { literal, dynamic };
}
