// Shell text as the commands it runs (pure): enough of POSIX sh to see which programs a CI step,
// an npm script, a Makefile recipe or a tox `commands =` line starts and with which words. One
// pass over the characters (linear in the text, which the base's files hold). What it cannot
// know statically — a word built from `$VAR`, `$(…)` or backticks — is marked `dynamic`, so
// the resolvers say they could not follow it instead of taking it as nothing.

export interface Word {
  text: string;
  /** Built (in part) from a variable or a command substitution: its value is not known here. */
  dynamic: boolean;
}

export interface Command {
  /** The words after any leading `NAME=value` assignments and redirections. */
  words: Word[];
  /** The leading assignments (`NODE_OPTIONS=--require x node t.js`). */
  env: Record<string, Word>;
  /** 1-based line of the command's first word. */
  line: number;
}

/** Words that start or end a compound command: the command is what follows them. */
const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  '!',
  'time',
]);

/** Commands of a shell text, in order (`for x in …` loops and `case` bodies read as commands). */
export function parseShell(text: string): Command[] {
  const out: Command[] = [];
  let words: Word[] = [];
  let env: Record<string, Word> = {};
  let line = 1;
  let cmdLine = 1;
  let cur = '';
  let inWord = false;
  let dynamic = false;
  let redirect = false; // the next word is a redirection's target, not an argument
  let heredoc: string[] = []; // delimiters whose bodies start at the next line
  const n = text.length;

  const endWord = () => {
    if (!inWord) return;
    const w = { text: cur, dynamic };
    if (redirect) redirect = false;
    else if (words.length === 0 && /^[A-Za-z_]\w*=/.test(cur)) {
      const eq = cur.indexOf('=');
      env[cur.slice(0, eq)] = { text: cur.slice(eq + 1), dynamic };
    } else if (words.length === 0 && KEYWORDS.has(cur) && !dynamic) {
      // `if cmd`, `then cmd`: the keyword opens the next command.
    } else {
      if (words.length === 0) cmdLine = line;
      words.push(w);
    }
    cur = '';
    inWord = false;
    dynamic = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) out.push({ words, env, line: cmdLine });
    words = [];
    env = {};
  };
  const skipHeredocs = (i: number): number => {
    // i is just past a newline: skip each pending body through its delimiter line.
    for (const delim of heredoc) {
      while (i < n) {
        const end = text.indexOf('\n', i);
        const stop = end < 0 ? n : end;
        const body = text.slice(i, stop).replace(/^\t+/, '').trimEnd();
        i = stop + 1;
        line++;
        if (body === delim) break;
      }
    }
    heredoc = [];
    return i;
  };

  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '\n') {
      endCommand();
      line++;
      i = heredoc.length > 0 ? skipHeredocs(i + 1) : i + 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')' || c === '`') {
      if (c === '`') {
        // A command substitution: its text runs too, and its value is not known here.
        const end = text.indexOf('`', i + 1);
        const inner = text.slice(i + 1, end < 0 ? n : end);
        for (const sub of parseShell(inner)) out.push({ ...sub, line: line + sub.line - 1 });
        inWord = true;
        dynamic = true;
        i = end < 0 ? n : end + 1;
        continue;
      }
      if (c === '&' && text[i + 1] === '>') {
        endWord();
        redirect = true;
        i += 2;
        continue;
      }
      endCommand();
      i++;
      continue;
    }
    if (c === '{' || c === '}') {
      if (!inWord && (i + 1 >= n || /\s/.test(text[i + 1]))) {
        endCommand();
        i++;
        continue;
      }
    }
    if (c === '<' || c === '>') {
      // A redirection: `2>&1`, `> file`, `<<EOF` (a here-document: its body is data).
      if (inWord && /^\d+$/.test(cur)) {
        cur = '';
        inWord = false;
      } else endWord();
      if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
        let j = i + 2;
        if (text[j] === '-') j++;
        while (text[j] === ' ') j++;
        let k = j;
        while (k < n && !/[\s;&|<>]/.test(text[k])) k++;
        heredoc.push(text.slice(j, k).replace(/['"\\]/g, ''));
        i = k;
        continue;
      }
      let j = i + 1;
      while (text[j] === '>' || text[j] === '<' || text[j] === '|') j++;
      if (text[j] === '&') {
        j++;
        while (/[\d-]/.test(text[j] ?? '')) j++;
      } else redirect = true;
      i = j;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? n : end;
      const part = text.slice(i + 1, stop);
      line += countLines(part);
      cur += part;
      inWord = true;
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') {
        const d = text[j];
        if (d === '\\' && j + 1 < n) {
          cur += text[j + 1];
          j += 2;
          continue;
        }
        if (d === '$' || d === '`') dynamic = true;
        if (d === '\n') line++;
        cur += d;
        j++;
      }
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '$') {
      dynamic = true;
      inWord = true;
      if (text[i + 1] === '(') {
        // $( … ): the commands inside run too; skip to the matching parenthesis.
        let depth = 0;
        let j = i + 1;
        for (; j < n; j++) {
          if (text[j] === '(') depth++;
          else if (text[j] === ')' && --depth === 0) break;
        }
        const inner = text.slice(i + 2, j);
        if (!inner.startsWith('(')) {
          for (const sub of parseShell(inner)) out.push({ ...sub, line: line + sub.line - 1 });
        }
        line += countLines(inner);
        cur += '$(…)';
        i = j + 1;
        continue;
      }
      cur += c;
      i++;
      continue;
    }
    if (c === '\\' && i + 1 < n) {
      cur += text[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    cur += c;
    inWord = true;
    i++;
  }
  endCommand();
  return out;
}

function countLines(s: string): number {
  let k = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) k++;
  return k;
}
