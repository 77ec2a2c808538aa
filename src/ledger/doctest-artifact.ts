// A doctest's golden (CONTRACT §2): `artifact: src/shop.py#doctest:shop.total` locks the
// examples of one docstring, as pytest's `--doctest-modules` names its item, not the module's
// bytes: the module stays production code, and only its examples are the test. Pure.

/** What separates the module's path from the doctest's name in such an artifact. */
export const DOCTEST_MARK = '#doctest:';

/** The artifact of doctest item `name` of module `file`. */
export function doctestArtifact(file: string, name: string): string {
  return `${file}${DOCTEST_MARK}${name}`;
}

/** The module and the doctest's name of a doctest artifact; undefined for any other. */
export function parseDoctestArtifact(artifact: string): { file: string; name: string } | undefined {
  const i = artifact.indexOf(DOCTEST_MARK);
  if (i <= 0) return undefined;
  return { file: artifact.slice(0, i), name: artifact.slice(i + DOCTEST_MARK.length) };
}

/** Is this artifact a doctest's? */
export function isDoctestArtifact(artifact: string | undefined): boolean {
  return artifact !== undefined && artifact.indexOf(DOCTEST_MARK) > 0;
}

/** The file whose edit can change the golden: the module for a doctest, else the artifact. */
export function artifactFile(artifact: string): string {
  return parseDoctestArtifact(artifact)?.file ?? artifact;
}

/** Why a doctest artifact is malformed, or null (the module's path is checked as any path). */
export function doctestProblem(artifact: string): string | null {
  const d = parseDoctestArtifact(artifact);
  if (d === undefined) return null;
  if (!d.file.endsWith('.py')) return 'locks a doctest of a file that is no Python module (.py)';
  if (!/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(d.name))
    return `names doctest '${d.name}', which is no dotted Python name`;
  return null;
}
