// The command line: `ledger-gate <command> …`. Each command lives in src/commands/.
process.exitCode = 2;
process.stderr.write('ledger-gate: not built yet\n');
