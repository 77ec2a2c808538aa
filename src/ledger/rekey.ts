// Ids as the runner names them (docs/test-ids.md): jest-junit writes a test outside any
// `describe` as `" title"` (its template joins an empty classname and the title with a
// space), and the gate kept that space: `FILE:: title`. Ids now drop it (`FILE::title`, as
// jest itself names the test); a row written the old way is re-keyed by `update`.

/** The id of a top-level jest test name as jest-junit writes it (`" title"` → `title`). */
export function runnerName(name: string): string {
  return name.startsWith(' ') && name.length > 1 && name[1] !== ' ' ? name.slice(1) : name;
}

/** The id a row written the old way (`FILE:: title`) has now; undefined for any other id. */
export function rekeyedId(id: string): string | undefined {
  const at = id.indexOf(':: ');
  if (at <= 0) return undefined;
  const name = id.slice(at + 2);
  const now = runnerName(name);
  return now === name ? undefined : `${id.slice(0, at)}::${now}`;
}
