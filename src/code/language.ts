// Which grammar reads a file (pure): Python and JavaScript/TypeScript are read by the parser;
// every other language keeps the line scan (src/gaming/scan.ts).
export type CodeLanguage = 'python' | 'javascript' | 'typescript' | 'tsx';

/** The family a rule file is written for. */
export type RuleFamily = 'python' | 'js';

export function codeLanguageOf(path: string): CodeLanguage | undefined {
  if (/\.min\.[cm]?js$/i.test(path)) return undefined;
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
    default:
      return undefined;
  }
}

export const familyOf = (l: CodeLanguage): RuleFamily => (l === 'python' ? 'python' : 'js');
