// The command line: `ledger-gate <command> …` (CONTRACT.md §5). Exit codes: 0 admit,
// 1 reject (bad inputs included), 3 review, 2 usage error.
import { run as check } from './commands/check.js';
import { UsageError, type CommandIO } from './commands/io.js';
import { renderRulesTable } from './report/table-md.js';

type Command = (argv: string[], io: CommandIO) => Promise<number>;
/** `ledger-gate rules`: the decision table as Markdown (the README's copy is made from it). */
const rules: Command = async (_argv, io) => {
  io.stdout(renderRulesTable());
  return 0;
};

// `check` is loaded with the CLI; the upkeep commands only when called (each is a chunk of the
// bundle), so the gate's start-up does not pay for the YAML editor and the rest.
const lazy =
  (load: () => Promise<{ run: Command }>): Command =>
  async (argv, io) =>
    (await load()).run(argv, io);

const COMMANDS: Record<string, Command> = {
  check,
  init: lazy(() => import('./commands/init.js')),
  lock: lazy(() => import('./commands/lock.js')),
  relock: lazy(() => import('./commands/relock.js')),
  drop: lazy(() => import('./commands/drop.js')),
  property: lazy(() => import('./commands/property.js')),
  quarantine: lazy(() => import('./commands/quarantine.js')),
  promote: lazy(() => import('./commands/promote.js')),
  digest: lazy(() => import('./commands/digest.js')),
  lint: lazy(() => import('./commands/lint.js')),
  rules,
};

const USAGE = `usage: ledger-gate <command> [options]
  check --junit GLOB [--junit GLOB] [--ledger tests/ledger.yaml] [--base REF] [--head HEAD]
        [--production GLOB] [--goldens GLOB] [--collected FILE] [--expect all|ran-files]
        [--agent-authors PATTERNS] [--author auto|agent|human] [--json FILE] [--summary FILE]
  init --junit GLOB [--collected FILE] | --collected FILE --owner O [--reason R]
       [--rule ID_GLOB=CLASS:…] [--force]
  lock ID... --artifact PATH|{file} | relock PATH... | property ID --invariant NAME --seeds DIR
  quarantine ID --reason R --owner O | quarantine --list | promote ID | drop ID...
    (lock, property, quarantine: [--junit GLOB] [--collected FILE] [--new])
  digest PATH... | lint [--junit GLOB] [--collected FILE] | rules
`;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(`ledger-gate: unknown command ${JSON.stringify(name)}\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`ledger-gate ${name}: ${(e as Error).message.split('\n')[0]}\n`);
      return 2;
    }
    io.stderr(`ledger-gate ${name}: error: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    return 1;
  }
}
