// Whether the project's version comes from git tags: then a shallow checkout has no tags, the
// version reads 0.0.0 (or the build fails) and a test of the version fails in CI only, so the
// test job checks out the whole history (`fetch-depth: 0`). Pure: the caller passes the texts.

/** The build plugins that read the version from git, as their names appear in build files. */
const FROM_TAGS: readonly RegExp[] = [
  /setuptools[_-]scm/i,
  /\bversioneer\b/i,
  /hatch[_-]vcs/i,
  /poetry[_-]dynamic[_-]versioning/i,
  /\bdunamai\b/i,
  /\bpbr\b/i,
  /\bsetuptools[_-]git[_-]versioning\b/i,
];

/** The build files those plugins are named in. */
export const VERSION_FILES: readonly string[] = [
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'versioneer.py',
];

/** The plugin that reads the version from git tags, if any build file names one. */
export function versionFromTags(
  texts: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (texts['versioneer.py'] !== undefined) return 'versioneer';
  for (const f of VERSION_FILES) {
    const t = texts[f];
    if (t === undefined) continue;
    for (const re of FROM_TAGS) {
      const m = re.exec(t);
      if (m) return m[0];
    }
  }
  return undefined;
}
