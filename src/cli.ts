// The command line: `ledger-gate <command> …` (CONTRACT.md §5). Exit codes: 0 admit,
// 1 reject (bad inputs included), 3 review, 2 usage error. Each command is one entry of
// COMMANDS: its option table (src/commands/tables.ts, which its parser reads too) and its run,
// so `--help`, the typo check, the usage line and the parse all come from the same table.
import { parseArgs } from 'node:util';
import { run as check } from './commands/check.js';
import { UsageError, type CommandIO } from './commands/io.js';
import {
  EXIT_CODES,
  HELP_OPTION,
  asksHelp,
  nearest,
  renderHelp,
  unknownOption,
  usageMessage,
  type CommandHelp,
} from './commands/options.js';
import {
  CHECK,
  CONDUCT,
  DIGEST,
  HARNESS,
  HOLDOUT_IDS,
  HOOK,
  DROP,
  INIT,
  LINT,
  LOCK,
  PROMOTE,
  PROPERTY,
  QUARANTINE,
  RELOCK,
  RULES,
  SETUP,
  TARGETS,
  UPDATE,
} from './commands/tables.js';
import { renderEvidencePaths, renderRulesTable, renderThreatModel } from './report/table-md.js';
import pkg from '../package.json' with { type: 'json' };

type Run = (argv: string[], io: CommandIO) => Promise<number>;

// `check` is loaded with the CLI; the upkeep commands only when called (each is a chunk of the
// bundle), so the gate's start-up does not pay for the YAML editor and the rest.
const lazy =
  (load: () => Promise<{ run: Run }>): Run =>
  async (argv, io) =>
    (await load()).run(argv, io);

export const COMMANDS: Record<string, CommandHelp & { run: Run }> = {
  check: { ...CHECK, run: check },
  init: { ...INIT, run: lazy(() => import('./commands/init.js')) },
  lock: { ...LOCK, run: lazy(() => import('./commands/lock.js')) },
  update: { ...UPDATE, run: lazy(() => import('./commands/update.js')) },
  relock: { ...RELOCK, run: lazy(() => import('./commands/relock.js')) },
  hook: { ...HOOK, run: lazy(() => import('./commands/hook.js')) },
  property: { ...PROPERTY, run: lazy(() => import('./commands/property.js')) },
  quarantine: { ...QUARANTINE, run: lazy(() => import('./commands/quarantine.js')) },
  drop: { ...DROP, run: lazy(() => import('./commands/drop.js')) },
  promote: { ...PROMOTE, run: lazy(() => import('./commands/promote.js')) },
  digest: { ...DIGEST, run: lazy(() => import('./commands/digest.js')) },
  lint: { ...LINT, run: lazy(() => import('./commands/lint.js')) },
  harness: { ...HARNESS, run: lazy(() => import('./commands/harness.js')) },
  'holdout-ids': { ...HOLDOUT_IDS, run: lazy(() => import('./commands/holdout-ids.js')) },
  setup: { ...SETUP, run: lazy(() => import('./commands/setup.js')) },
  targets: { ...TARGETS, run: lazy(() => import('./commands/targets.js')) },
  conduct: { ...CONDUCT, run: lazy(() => import('./commands/conduct.js')) },
  rules: {
    ...RULES,
    run: async (argv, io) => {
      const { values } = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: RULES.options,
      });
      if ([values.threats, values.paths, values.gaming].filter(Boolean).length > 1)
        throw new UsageError('give one of --threats, --paths and --gaming');
      // The shapes' table needs every code rule (src/code): loaded only for --gaming, so
      // `check`'s start does not compile them.
      const render = values.gaming
        ? (await import('./code/render-shapes.js')).renderGamingShapes
        : values.threats
          ? renderThreatModel
          : values.paths
            ? renderEvidencePaths
            : renderRulesTable;
      io.stdout(render());
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
