// The command line: `ledger-gate <command> …` (CONTRACT.md §5). Exit codes: 0 admit,
// 1 reject (bad inputs included), 3 review, 2 usage error. Each command is one entry of
// COMMANDS: its help and options live there, so `--help`, the typo check and the usage line
// all come from the same table.
import { CHECK_HELP, run as check } from './commands/check.js';
import { UsageError, type CommandIO } from './commands/io.js';
import {
  EXIT_CODES,
  HELP_OPTION,
  asksHelp,
  nearest,
  renderHelp,
  unknownOption,
  type CommandHelp,
} from './commands/options.js';
import { renderEvidencePaths, renderRulesTable, renderThreatModel } from './report/table-md.js';
import pkg from '../package.json' with { type: 'json' };

type Run = (argv: string[], io: CommandIO) => Promise<number>;

// `check` is loaded with the CLI; the upkeep commands only when called (each is a chunk of the
// bundle), so the gate's start-up does not pay for the YAML editor and the rest.
const lazy =
  (load: () => Promise<{ run: Run }>): Run =>
  async (argv, io) =>
    (await load()).run(argv, io);

const LEDGER = {
  type: 'string',
  value: 'FILE',
  help: 'the ledger (default tests/ledger.yaml)',
} as const;

/** The run the commands that add rows check ids against (item: typos refused). */
const RUN = {
  junit: {
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: 'the run to check ids against: JUnit reports (or jest --json results)',
  },
  collected: {
    type: 'string',
    value: 'FILE',
    help: 'the run to check ids against: `pytest --collect-only -q` output',
  },
  new: {
    type: 'boolean',
    help: 'accept an id the run does not hold (a test not written or run yet)',
  },
} as const;

export const COMMANDS: Record<string, CommandHelp & { run: Run }> = {
  check: { ...CHECK_HELP, run: check },
  init: {
    usage: '--junit GLOB [--collected FILE] | --collected FILE --owner O [options]',
    summary:
      'Freeze a run into a new ledger: failing tests quarantined, skips expected, rules class the rest.',
    options: {
      ledger: LEDGER,
      collected: {
        type: 'string',
        value: 'FILE',
        help: 'ids from `pytest --collect-only -q` (pytest reports map through it)',
      },
      junit: {
        type: 'string',
        multiple: true,
        value: 'GLOB',
        help: 'the run: JUnit reports (their statuses decide the rows)',
      },
      owner: { type: 'string', value: 'O', help: 'who answers for the quarantined rows' },
      reason: {
        type: 'string',
        value: 'R',
        help: 'the reason on rows of passing tests no rule matched',
      },
      rule: {
        type: 'string',
        multiple: true,
        value: 'ID_GLOB=CLASS:…',
        help: 'class matching ids: =property:INVARIANT:SEEDS_DIR or =locked_fixture:PATH|{file}',
      },
      force: { type: 'boolean', help: 'replace an existing ledger' },
      schema: { type: 'string', value: 'URL', help: 'the JSON Schema named in the modeline' },
    },
    run: lazy(() => import('./commands/init.js')),
  },
  lock: {
    usage: 'ID... --artifact PATH|{file} [--junit GLOB | --collected FILE] [--new]',
    summary:
      'Make each ID a locked_fixture of PATH (or of its own file), with the digest of its bytes.',
    options: {
      ledger: LEDGER,
      artifact: {
        type: 'string',
        value: 'PATH',
        help: "the golden file (repo-relative), or {file}: each test's own file",
      },
      ...RUN,
    },
    run: lazy(() => import('./commands/lock.js')),
  },
  relock: {
    usage: 'PATH...',
    summary: 'Re-lock every locked_fixture row that names PATH to its current bytes.',
    options: { ledger: LEDGER },
    run: lazy(() => import('./commands/relock.js')),
  },
  property: {
    usage: 'ID --invariant NAME --seeds DIR [--junit GLOB | --collected FILE] [--new]',
    summary: 'Make ID a property test: an invariant name and a non-empty seeds folder.',
    options: {
      ledger: LEDGER,
      invariant: { type: 'string', value: 'NAME', help: 'the invariant the test checks' },
      seeds: { type: 'string', value: 'DIR', help: 'the seed corpus folder (repo-relative)' },
      ...RUN,
    },
    run: lazy(() => import('./commands/property.js')),
  },
  quarantine: {
    usage: 'ID --reason R --owner O [--junit GLOB | --collected FILE] [--new] | --list',
    summary: 'Quarantine ID (its failures are expected), or list the quarantine with its ages.',
    options: {
      ledger: LEDGER,
      reason: { type: 'string', value: 'R', help: 'why it is quarantined' },
      owner: { type: 'string', value: 'O', help: 'who answers for it' },
      list: { type: 'boolean', help: 'list the quarantined rows and their age' },
      ...RUN,
    },
    run: lazy(() => import('./commands/quarantine.js')),
  },
  drop: {
    usage: 'ID...',
    summary: 'Remove rows (a deleted or renamed test), keeping every other byte of the ledger.',
    options: { ledger: LEDGER },
    run: lazy(() => import('./commands/drop.js')),
  },
  promote: {
    usage: 'ID [--artifact PATH | --invariant NAME --seeds DIR]',
    summary: "Promote a draft row to its proposed class, once that class's fields are given.",
    options: {
      ledger: LEDGER,
      artifact: { type: 'string', value: 'PATH', help: 'for a locked_fixture: the golden file' },
      invariant: { type: 'string', value: 'NAME', help: 'for a property: the invariant' },
      seeds: { type: 'string', value: 'DIR', help: 'for a property: the seeds folder' },
    },
    run: lazy(() => import('./commands/promote.js')),
  },
  digest: {
    usage: 'PATH...',
    summary: 'Print `sha256:<hex>  PATH` for each file, as the ledger records it.',
    options: { ledger: { ...LEDGER, help: 'accepted for symmetry, unused' } },
    run: lazy(() => import('./commands/digest.js')),
  },
  lint: {
    usage: '[--junit GLOB] [--collected FILE]',
    summary:
      'Validate the ledger (paths included) and, given a run, list stale rows; file:line:col: message.',
    options: {
      ledger: LEDGER,
      junit: {
        type: 'string',
        multiple: true,
        value: 'GLOB',
        help: 'list rows whose ids no report holds',
      },
      collected: {
        type: 'string',
        value: 'FILE',
        help: 'list rows whose ids the collected list lacks',
      },
    },
    more: ['exit status: 0 valid · 1 any problem or stale row · 2 usage error'],
    run: lazy(() => import('./commands/lint.js')),
  },
  rules: {
    usage: '[--threats | --paths]',
    summary:
      'Print the decision table (or the threat model, or the default path sets) as Markdown.',
    more: ['exit status: 0 · 2 usage error'],
    options: {
      threats: {
        type: 'boolean',
        help: 'the threat model: what the gate trusts, the trick each rule stops, what it cannot',
      },
      paths: {
        type: 'boolean',
        help: 'the default test, harness and draft paths, with their sources',
      },
    },
    run: async (argv, io) => {
      const render = { '--threats': renderThreatModel, '--paths': renderEvidencePaths }[
        argv[0] ?? ''
      ];
      const rest = render ? argv.slice(1) : argv;
      if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
      io.stdout((render ?? renderRulesTable)());
      return 0;
    },
  },
};

export const VERSION: string = pkg.version;

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  const list = Object.entries(COMMANDS)
    .map(([n, c]) => `  ${n.padEnd(width)}${c.summary}`)
    .join('\n');
  return (
    `usage: ledger-gate <command> [options]\n\ncommands:\n${list}\n\n` +
    `  ledger-gate <command> --help   the options of a command\n` +
    `  ledger-gate --version          the version\n\n` +
    `check: ${EXIT_CODES}\n`
  );
}

const hint = (name: string) => `run 'ledger-gate ${name} --help' for its options\n`;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  // `ledger-gate help check` is `ledger-gate check --help`.
  if (name === 'help' && rest.length > 0) return main([rest[0], '--help'], io);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    if (name === undefined) io.stderr(usage());
    else io.stdout(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`ledger-gate ${VERSION}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const guess = nearest(name, Object.keys(COMMANDS));
    io.stderr(
      `ledger-gate: unknown command ${JSON.stringify(name)}` +
        (guess ? ` (did you mean ${guess}?)` : '') +
        `\n${usage()}`,
    );
    return 2;
  }
  if (asksHelp(rest)) {
    io.stdout(renderHelp(name, command));
    return 0;
  }
  const unknown = unknownOption(rest, { ...command.options, ...HELP_OPTION });
  if (unknown) {
    io.stderr(
      `ledger-gate ${name}: unknown option ${unknown.given}` +
        (unknown.suggestion ? ` (did you mean --${unknown.suggestion}?)` : '') +
        `\n${hint(name)}`,
    );
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`ledger-gate ${name}: ${(e as Error).message.split('\n')[0]}\n${hint(name)}`);
      return 2;
    }
    io.stderr(`ledger-gate ${name}: error: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    return 1;
  }
}
