#!/usr/bin/env node
var e={};process.exitCode=2;process.stderr.write("ledger-gate: not built yet\n");