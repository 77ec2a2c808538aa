// The shape of a rule file's entries (pure): what a rule is matched on (src/code/events.ts)
// and the examples the tests run (__tests__/code-rules.test.ts): each rule's `hit` examples
// must make it hit, its `clean` examples must not, whole files as an agent would write them.

import type { WriteTarget } from './paths.js';

export type Matcher =
  /** An expression naming one of `names` (globs: `*` is any run of characters). */
  /** `fileLiteral`: only in a file with a literal matching; `unlessInto`: not when assigned to one of these. */
  /** `unlessEntry`: not when read in a script's entry point (src/code/events.ts). */
  | {
      on: 'ref';
      names: readonly string[];
      fileLiteral?: RegExp;
      unlessInto?: readonly string[];
      unlessEntry?: boolean;
    }
  /**
   * A call of one of `names`; `arg` narrows on its first argument, `spawn` on the process it
   * starts (either hitting is a hit); `unlessWaited`: not when its value is a `with` item or its
   * scope calls one of these (`*Popen().wait`).
   */
  | {
      on: 'call';
      names: readonly string[];
      arg?: ArgTest;
      spawn?: SpawnTest;
      unlessWaited?: readonly string[];
    }
  /**
   * A write to an attribute or item named by one of `names`; not when its name matches
   * `unless`; `moduleLevel`: only where the module runs it on import (not in a function).
   */
  | { on: 'assign'; names: readonly string[]; unless?: RegExp; moduleLevel?: boolean }
  /** A function or method named one of `names`; `constant`: only when it returns one at once. */
  | { on: 'def'; names: readonly string[]; constant?: boolean }
  /** A string literal matching `text`; `scopeCalls`: only in a function that calls one of them. */
  | { on: 'literal'; text: RegExp; scopeCalls?: readonly string[] }
  /** A write to the file system whose target lands as one of `targets`. */
  | { on: 'write'; targets: readonly WriteTarget[] };

export interface ArgTest {
  /** Hit when the first argument is computed (not a literal). */
  computed?: boolean;
  /** Hit when the first argument is a literal, or evaluates to a text, matching this. */
  literal?: RegExp;
  /** Hit when there is no argument. */
  none?: boolean;
  /** Never a hit when the argument's text (a computed one's source) matches this. */
  unless?: RegExp;
}

/** Whether a started process outlives the run (src/code/spawn.ts reads the call). */
export interface SpawnTest {
  /** Keyword → its harmless values: given any other value, or a computed one, it is a hit; so are keywords that cannot be read. */
  keywords?: Readonly<Record<string, RegExp>>;
  /** Hit past this many positional arguments (they fill keywords' places), or with a `*args`. */
  positional?: number;
  /** Hit when the command matches (COMPUTED stands for each computed part). */
  command?: RegExp;
  /** A shell reads the command, always or when this keyword is set (not False/None/0): any computed part is a hit. */
  shell?: true | string;
}

export interface CodeRule {
  id: string;
  /** A shape of src/code/shapes.ts: the finding and `gaming_allow` name it. */
  shape: string;
  /** What it catches, in a few words (docs/gaming-shapes.md). */
  what: string;
  when: Matcher;
  /** Files the rule must hit (every line counts as added). */
  hit: readonly string[];
  /** Files it must not hit. */
  clean: readonly string[];
}
