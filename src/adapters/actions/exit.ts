// The action's end. Everything run() starts is awaited, so the process ends once Node has
// nothing left to run, with the exit code run() set (core.setFailed). Not process.exit(): it
// shuts V8's platform down while the isolate still runs, and a background compile job that
// waits on the main thread for a garbage collection then waits for ever (nodejs/node#54918;
// it hung the bench's L run here once in a few hundred runs, and would hold a required check
// until the job's timeout). A natural exit tears the isolate down first, which lets such a job
// finish. The watchdog ends a run that something still holds open (a socket kept alive) with
// one line, in case one ever does: unref'd, it never holds the process open itself.
/** How long a run whose work is done may wait for Node to let it end. */
export const WATCHDOG_MS = 2000;

/** Lets the process end with its exit code once nothing is left to run (see above). */
export function endNaturally(watchdogMs = WATCHDOG_MS): void {
  setTimeout(() => {
    // A workflow command: the job's page shows it as a warning.
    process.stdout.write(
      '::warning::ledger-gate: the run was done but something held the process open: ended\n',
    );
    process.exit();
  }, watchdogMs).unref();
}
