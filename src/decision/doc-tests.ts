// Documents the base's CI runs as tests (CONTRACT §3 "Agent write paths"): an inert-looking
// `.md` or `.rst` stops being inert when a runner collects it. Read from the base's runner
// configs, workflows and task files as text: pytest's `--doctest-glob` (each glob named),
// `testpaths` naming a document (or a folder, when doctests are on), markdown test runners
// (pytest-markdown-docs, pytest-codeblocks, Sybil, phmdoctest, mktestdocs, markdown-doctest),
// and a JS runner config whose test globs or roots name `.md`/`.mdx`/`.rst` or a docs folder.
// A signal whose reach cannot be read as globs makes every text document a test path (fail
// closed). Pure: the base's texts come in.
import { DOC_TEXT_EXT } from './inert-paths.js';

export interface DocTests {
  /** Globs over repository paths: documents the base's CI reads as tests. */
  globs: string[];
  /** Where each signal was found, for the notes (`pytest.ini: --doctest-glob '*.md'`). */
  why: string[];
}

const ALL_DOCS = `**/*.{${DOC_TEXT_EXT.join(',')}}`;

/** Names of runners that execute the code blocks of documents. */
const MARKDOWN_RUNNERS =
  /markdown[-_]docs|pytest[-_]codeblocks|--codeblocks|\bsybil\b|phmdoctest|mktestdocs|markdown[-_]doctest|doctest[-_]md|\bmdtest\b|\bmdsh\b/i;

/** `--doctest-glob=PAT`, `--doctest-glob PAT`, quoted or not. */
const DOCTEST_GLOB = /--doctest-glob(?:\s*=\s*|\s+)(['"]?)([^\s'"]+)\1/g;

/** Files whose text is read: where a runner's options, plugins or commands are written. */
export function readsDocTests(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path) ||
    /^(?:\.?pytest\.(?:ini|toml)|pyproject\.toml|setup\.cfg|tox\.ini|noxfile\.py|conftest\.py|package\.json|[Mm]akefile|GNUmakefile|[Jj]ustfile)$/.test(
      name,
    ) ||
    JS_CONFIG.test(name)
  );
}

const JS_CONFIG =
  /^(?:jest|vitest|vite|playwright)\.config\.(?:[cm]?[jt]s|json)$|^\.mocharc\.[a-z]+$/;

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/** A pytest glob (matched against a file's name, or its path when it has a `/`) over the tree. */
const pytestGlob = (pattern: string) => `**/${pattern.replace(/^\.\//, '')}`;

export function docTests(files: readonly { path: string; text: string }[]): DocTests {
  const globs = new Set<string>();
  const why: string[] = [];
  let doctestsOn = false;
  const folders: { folder: string; file: string }[] = [];
  for (const { path, text } of files) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    for (const m of text.matchAll(DOCTEST_GLOB)) {
      globs.add(pytestGlob(m[2]));
      why.push(`${path}: --doctest-glob ${m[2]}`);
    }
    if (/--doctest-|doctest_optionflags/.test(text)) doctestsOn = true;
    const runner = MARKDOWN_RUNNERS.exec(text);
    if (runner) {
      globs.add(ALL_DOCS);
      why.push(`${path}: ${runner[0]} runs documents' code blocks`);
    }
    // pytest's testpaths: a document named there is collected (with a glob or a plugin that
    // reads it); a folder is, when doctests are on.
    const testpaths = /^\s*testpaths\s*[=:]\s*(\[[^\]]*\]|.*(?:\n[ \t]+\S.*)*)/m.exec(text);
    if (testpaths) {
      for (const t of testpaths[1].replace(/[[\]"',]/g, ' ').split(/\s+/)) {
        if (t === '') continue;
        const at = dirOf(path) + t.replace(/^\.\//, '').replace(/\/$/, '');
        if (DOC_TEXT_EXT.some((e) => at.toLowerCase().endsWith(`.${e}`))) {
          globs.add(at);
          why.push(`${path}: testpaths names ${t}`);
        } else folders.push({ folder: at, file: path });
      }
    }
    // A JS runner's test globs or roots naming documents or a docs folder.
    const jsConfig = name === 'package.json' ? runnerKeys(text) : JS_CONFIG.test(name) ? text : '';
    const named = /\.(?:mdx?|markdown|rst)\b|["'/]docs?["'/]/i.exec(jsConfig);
    if (named) {
      globs.add(ALL_DOCS);
      why.push(`${path}: its runner config names ${named[0].replace(/["']/g, '')}`);
    }
  }
  if (doctestsOn)
    for (const f of folders) {
      if (f.folder === '' || f.folder === '.') continue;
      globs.add(`${f.folder}/**/*.{${DOC_TEXT_EXT.join(',')}}`);
      why.push(`${f.file}: testpaths names ${f.folder} with doctests on`);
    }
  return { globs: [...globs].sort(), why };
}

/** package.json's runner keys as text (unparseable: the whole file, read fail closed). */
function runnerKeys(text: string): string {
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify(['jest', 'vitest', 'mocha', 'ava', 'c8', 'nyc'].map((k) => pkg[k]));
  } catch {
    return text;
  }
}
