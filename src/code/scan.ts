// A changed file read as code (pure): its parsed tree, the reader and rules of its language,
// and the lines the agent added. src/gather/evidence-gaming.ts parses (through the adapter)
// and calls this: the one reader of agents' code for gaming shapes.
import type { Node } from 'web-tree-sitter';
import { familyOf, type CodeLanguage, type RuleFamily } from './language.js';
import { readJs } from './js.js';
import { matchFile, type FileVerdict } from './match.js';
import { readOther } from './other.js';
import { readPython } from './python.js';
import { DRAFT_JS_RULES, DRAFT_PYTHON_RULES } from './rules/drafts.js';
import { JS_RULES } from './rules/js.js';
import { PYTHON_RULES } from './rules/python.js';
import { GO_RULES } from './rules/go.js';
import { JAVA_RULES } from './rules/java.js';
import { RUBY_RULES } from './rules/ruby.js';
import type { CodeRule } from './rule.js';
import { SCRIPT_PATH } from './rules/common.js';

export const RULES: Record<RuleFamily, readonly CodeRule[]> = {
  python: PYTHON_RULES,
  js: JS_RULES,
  go: GO_RULES,
  java: JAVA_RULES,
  ruby: RUBY_RULES,
};

/** The rules a draft file is read with: a test may name its runner, not reach past its run. */
// Go, Java and Ruby drafts have none yet, and are not read (src/gather/evidence-gaming.ts).
export const DRAFT_RULES: Record<RuleFamily, readonly CodeRule[]> = {
  python: DRAFT_PYTHON_RULES,
  js: DRAFT_JS_RULES,
  go: [],
  java: [],
  ruby: [],
};

/** `path`: the file's path in the repository (a script's path makes it an entry point whole). */
export function scanTree(
  lang: CodeLanguage,
  root: Node,
  added: readonly number[],
  rules: readonly CodeRule[] = RULES[familyOf(lang)],
  path?: string,
): FileVerdict {
  let facts;
  try {
    facts =
      lang === 'python'
        ? readPython(root)
        : lang === 'go' || lang === 'java' || lang === 'ruby'
          ? readOther(lang, root)
          : readJs(root);
  } catch (e) {
    // The readers recurse per nesting level: a file nested thousands deep (`f(f(f(…)))`,
    // `a + a + …`) overflows the stack. It is an unread file (a review), never a crash.
    if (e instanceof RangeError)
      return { hits: [], problem: 'nested too deeply to read (the stack ran out)' };
    throw e;
  }
  return matchFile(facts, rules, added, path !== undefined && SCRIPT_PATH.test(path));
}
