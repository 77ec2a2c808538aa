// dist/cli/index.js: the CLI process. main() lives in cli.ts so tests can call it in-process.
// The same file runs as the gate's reports worker (see useReportsWorker in reports.ts).
import { main } from './cli.js';
import { isReportsWorker, serveReportsWorker, useReportsWorker } from './reports.js';

if (isReportsWorker()) {
  await serveReportsWorker();
} else {
  useReportsWorker(new URL(import.meta.url));
  process.exitCode = await main(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
  });
}
