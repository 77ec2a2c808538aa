// The command line: `ledger-gate <command> …` (CONTRACT.md §5). Exit codes: 0 admit,
// 1 reject (bad inputs included), 3 review, 2 usage error. Each command is one entry of
// COMMANDS: its help and options live there, so `--help`, the typo check and the usage line
// all come from the same table.
import { CHECK_HELP, run as check } from './commands/check.js';
import { UsageError, type CommandIO } from './commands/io.js';
import {
  DRY_RUN,
  EXIT_CODES,
  HELP_OPTION,
  asksHelp,
  nearest,
  renderHelp,
  unknownOption,
  usageMessage,
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

/** The run the commands that write rows from it read (init, update): its statuses decide the rows. */
const THE_RUN = {
  collected: {
    type: 'string',
    value: 'FILE',
    help: 'ids from `pytest --collect-only -q` (pytest reports map through it)',
  },
  junit: {
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: 'the run: JUnit reports or jest --json results (their statuses decide the rows)',
  },
} as const;

export const COMMANDS: Record<string, CommandHelp & { run: Run }> = {
  check: { ...CHECK_HELP, run: check },
  init: {
    usage: '--junit GLOB [--collected FILE] | --collected FILE --owner O [options] [--dry-run]',
    summary:
      'Freeze a run into a new ledger: failing tests quarantined, skips expected, rules class the rest.',
    options: {
      ledger: LEDGER,
      ...THE_RUN,
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
      ...DRY_RUN,
    },
    run: lazy(() => import('./commands/init.js')),
  },
  lock: {
    usage:
      "ID|'ID_GLOB'... --artifact PATH|{file} [--junit GLOB | --collected FILE] [--new] [--dry-run]",
    summary:
      'Make each ID a locked_fixture of PATH (or of its own file), with the digest of its bytes.',
    options: {
      ledger: LEDGER,
      artifact: {
        type: 'string',
        value: 'PATH',
        help: "the golden file, or {file}: each test's own file",
      },
      ...RUN,
      ...DRY_RUN,
    },
    run: lazy(() => import('./commands/lock.js')),
  },
  update: {
    usage: '--junit GLOB [--collected FILE] [--rule ID_GLOB=CLASS:…]… [--dry-run] [--file-rows]',
    summary:
      'After an honest change: re-lock changed files and goldens, class new tests, drop deleted ones; print the diff.',
    about:
      "Brings the ledger level with the run and the working tree in one command: every locked_fixture row whose file changed is re-locked, a row whose test is gone (its file gone, or a file that ran without it) is dropped, a new test is classed by the ledger's rules: (else each is locked to its own file, one FILE::* row per file), and a new skip gets the report's reason. Prints the diff it makes. Refuses, writing nothing, while a test that is not quarantined fails or a module cannot be collected. The gate judges the commit that writes the result: an agent's is ledger-agent-edit.",
    options: {
      ledger: LEDGER,
      ...THE_RUN,
      owner: {
        type: 'string',
        value: 'O',
        help: 'who answers for a new quarantine row (a new xfail)',
      },
      rule: {
        type: 'string',
        multiple: true,
        value: 'ID_GLOB=CLASS:…',
        help: "class new tests by this rule first (as init's --rule); kept in the ledger's rules:",
      },
      'file-rows': {
        type: 'boolean',
        help: "also fold each file's exact rows locked to the file itself into one FILE::* row",
      },
      'dry-run': { type: 'boolean', help: 'print the diff, write nothing' },
    },
    run: lazy(() => import('./commands/update.js')),
  },
  relock: {
    usage: 'PATH... [--dry-run]',
    summary: 'Re-lock every locked_fixture row that names PATH to its current bytes.',
    options: { ledger: LEDGER, ...DRY_RUN },
    run: lazy(() => import('./commands/relock.js')),
  },
  property: {
    usage:
      "ID|'ID_GLOB'... --invariant NAME --seeds DIR [--junit GLOB | --collected FILE] [--new] [--dry-run]",
    summary: 'Make ID a property test: an invariant name and a non-empty seeds folder.',
    options: {
      ledger: LEDGER,
      invariant: { type: 'string', value: 'NAME', help: 'the invariant the test checks' },
      seeds: { type: 'string', value: 'DIR', help: 'the seed corpus folder' },
      ...RUN,
      ...DRY_RUN,
    },
    run: lazy(() => import('./commands/property.js')),
  },
  quarantine: {
    usage:
      "ID|'ID_GLOB'... --reason R --owner O [--junit GLOB | --collected FILE] [--new] [--dry-run] | --list",
    summary: 'Quarantine ID (its failures are expected), or list the quarantine with its ages.',
    options: {
      ledger: LEDGER,
      reason: { type: 'string', value: 'R', help: 'why it is quarantined' },
      owner: { type: 'string', value: 'O', help: 'who answers for it' },
      list: { type: 'boolean', help: 'list the quarantined rows and their age' },
      ...RUN,
      ...DRY_RUN,
    },
    run: lazy(() => import('./commands/quarantine.js')),
  },
  drop: {
    usage: "ID|'ID_GLOB'... [--dry-run]",
    summary: 'Remove rows (a deleted or renamed test), keeping every other byte of the ledger.',
    options: { ledger: LEDGER, ...DRY_RUN },
    run: lazy(() => import('./commands/drop.js')),
  },
  promote: {
    usage: "ID|'ID_GLOB'... [--artifact PATH | --invariant NAME --seeds DIR] [--dry-run]",
    summary: "Promote a draft row to its proposed class, once that class's fields are given.",
    options: {
      ledger: LEDGER,
      artifact: { type: 'string', value: 'PATH', help: 'for a locked_fixture: the golden file' },
      invariant: { type: 'string', value: 'NAME', help: 'for a property: the invariant' },
      seeds: { type: 'string', value: 'DIR', help: 'for a property: the seeds folder' },
      ...DRY_RUN,
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

/** After a usage error: that command's usage line (not the list of commands) and where its help is. */
const hint = (name: string, c: CommandHelp) =>
  `usage: ledger-gate ${name}${c.usage ? ` ${c.usage}` : ''}\n` +
  `run 'ledger-gate ${name} --help' for its options\n`;

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
        `\n${hint(name, command)}`,
    );
    return 2;
  }
  try {
    const code = await command.run(rest, io);
    // The upkeep commands say their usage errors themselves (exit 2); the usage line follows.
    if (code === 2) io.stderr(hint(name, command));
    return code;
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`ledger-gate ${name}: ${usageMessage(e as Error)}\n${hint(name, command)}`);
      return 2;
    }
    io.stderr(`ledger-gate ${name}: error: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    return 1;
  }
}
