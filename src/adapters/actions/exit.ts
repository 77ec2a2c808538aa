// The action's end. Everything run() starts is awaited, so once the log is flushed the process
// may end at once: a natural exit first tears down the heap (300+ MiB at L) and the worker
// threads' isolates, ~30 ms a required check waits for nothing.
/** Ends the process with its exit code once stdout and stderr have written what they hold. */
export async function exitWhenFlushed(): Promise<void> {
  // An empty write's callback runs after every write before it (pipes are asynchronous on
  // macOS and Windows runners): no log line is cut off.
  const flushed = (s: NodeJS.WriteStream) => new Promise<void>((r) => s.write('', () => r()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
}
