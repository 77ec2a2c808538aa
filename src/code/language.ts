// Which grammar reads a file (pure): Python, JavaScript/TypeScript, Go, Java and Ruby are read
// by the parser; a file of any other language is not read for gaming shapes. Kotlin (`.kt`)
// is not Java: no grammar here reads it.
export type CodeLanguage = 'python' | 'javascript' | 'typescript' | 'tsx' | 'go' | 'java' | 'ruby';

/** The family a rule file is written for. */
export type RuleFamily = 'python' | 'js' | 'go' | 'java' | 'ruby';

/**
 * A minified bundle (`*.min.js`): generated from sources that are read themselves, one line
 * of everything; not read (src/gather/evidence-gaming.ts says so in a note).
 */
export const isMinified = (path: string): boolean => /\.min\.[cm]?js$/i.test(path);

export function codeLanguageOf(path: string): CodeLanguage | undefined {
  if (isMinified(path)) return undefined;
  const m = /\.([A-Za-z]{1,4})$/.exec(path);
  if (!m || path.lastIndexOf('/') > path.lastIndexOf('.')) return undefined;
  switch (m[1].toLowerCase()) {
    case 'py':
    case 'pyw':
      return 'python';
    case 'js':
    case 'mjs':
    case 'cjs':
      return 'javascript';
    case 'jsx':
    case 'tsx':
      return 'tsx';
    case 'ts':
    case 'mts':
    case 'cts':
      return 'typescript';
    case 'go':
      return 'go';
    case 'java':
      return 'java';
    case 'rb':
    case 'rake':
      return 'ruby';
    default:
      return undefined;
  }
}

export const familyOf = (l: CodeLanguage): RuleFamily =>
  l === 'javascript' || l === 'typescript' || l === 'tsx' ? 'js' : l;
