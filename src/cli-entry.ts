// dist/cli/index.js: the CLI process. main() lives in cli.ts so tests can call it in-process.
import { main } from './cli.js';
import { useColour } from './commands/io.js';

/**
 * A writer that stops quietly when its reader has gone (`ledger-gate check | head`): the
 * broken pipe is not an error of the gate, and the exit status stays the decision's.
 */
function writer(stream: NodeJS.WriteStream): (s: string) => void {
  let closed = false;
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    closed = true;
  });
  return (s) => {
    if (!closed) stream.write(s);
  };
}

process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: writer(process.stdout),
  stderr: writer(process.stderr),
  color: useColour(process.stdout.isTTY, process.env),
  self: { execPath: process.execPath, script: process.argv[1], env: process.env },
});
