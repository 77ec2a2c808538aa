// Where the local run writes its reports (and jest-junit, when the project lacks it): inside
// the repository, in a folder its .gitignore already ignores, so nothing lands in a shared
// /tmp and no report is committed by accident. When .gitignore ignores none of these,
// `build/`, and setup says to ignore it.

/** Folders a report may go to, in the order setup prefers them. Never dist/: it is published. */
// Not coverage/: jest empties it when a run collects coverage.
const CANDIDATES = ['build', 'out', 'target', 'tmp', '.tmp', '_build'] as const;

export interface BuildFolder {
  folder: string;
  /** Whether .gitignore ignores it already (if not, setup says to add it). */
  ignored: boolean;
}

/** The first candidate a root .gitignore line ignores (`build/`, `/build`, `build`), else build/. */
export function buildFolder(gitignore: string | undefined): BuildFolder {
  const lines = new Set(
    (gitignore ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
      .map((l) =>
        l
          .replace(/^\//, '')
          .replace(/\/$/, '')
          .replace(/\/\*\*?$/, ''),
      ),
  );
  const found = CANDIDATES.find((c) => lines.has(c));
  return found ? { folder: found, ignored: true } : { folder: 'build', ignored: false };
}
