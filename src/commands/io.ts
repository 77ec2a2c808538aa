// What a command needs of the world, so tests can run commands in-process on real files.
export interface CommandIO {
  cwd: string;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  now?: Date;
  /** ANSI colour on stdout: only for a terminal, never with NO_COLOR (see useColour). */
  color?: boolean;
}

/** A usage error: exit 2, the message on one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Colour when stdout is a terminal and NO_COLOR is unset or empty (https://no-color.org). */
export function useColour(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return isTTY === true && !env.NO_COLOR;
}
