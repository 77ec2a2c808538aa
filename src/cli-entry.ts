// dist/cli/index.js: the CLI process. main() lives in cli.ts so tests can call it in-process.
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
