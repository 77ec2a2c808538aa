// What a command needs of the world, so tests can run commands in-process on real files.
export interface CommandIO {
  cwd: string;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  now?: Date;
}

/** A usage error: exit 2, the message on one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}
