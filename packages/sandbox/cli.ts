#!/usr/bin/env node
// The sandbox's command (`npx @svc-card/sandbox`, bin `svc-sandbox`; in a clone `npm run sandbox`):
// `svc-sandbox --help` says it all, made from cli/flags.ts (every flag) and cli/commands.ts
// (every subcommand). Its folder (--data DIR, default .svc-sandbox/) holds the records in
// DIR/pglite/ (PGlite, one process at a time: db/folder-lock.ts) and the card key pair in DIR/keys/.
// A failure the user can fix is one line on stderr (cli/failures.ts); exit 2 for a usage error, 1 for the rest.
import { parseArgs } from 'node:util';
import { UsageError, type Command } from './cli/command.js';
import { COMMANDS, DEFAULT_COMMAND } from './cli/commands.js';
import { FLAGS, parseOptions, type FlagName, type FlagValues } from './cli/flags.js';
import { storageOf } from './cli/storage.js';
import { usage } from './cli/usage.js';
import { sandboxVersion } from './cli/version.js';

const ALWAYS: FlagName[] = ['help', 'version'];
const args = process.argv.slice(2);
const fail = (message: string, code: number): never => {
  console.error(`svc-sandbox: ${message}`);
  process.exit(code);
};

// First pass, loose, with every flag known: which command (a flag's value is never taken for one).
const loose = parseArgs({ args, options: parseOptions(Object.keys(FLAGS) as FlagName[]), strict: false, allowPositionals: true });
const name = loose.positionals[0] ?? DEFAULT_COMMAND;
const command: Command | undefined = COMMANDS[name];
if (!command) fail(`unknown command ${JSON.stringify(name)}; known: ${Object.keys(COMMANDS).join(', ')} (svc-sandbox --help)`, 2);

let parsed;
try {
  parsed = parseArgs({ args, options: parseOptions([...command!.flags, ...ALWAYS]), strict: true, allowPositionals: true });
} catch (error) {
  const unknown = /Unknown option '([^']+)'/.exec((error as Error).message)?.[1];
  const takes = [...command!.flags, ...ALWAYS].map((flag) => `--${flag}`).join(', ');
  fail(unknown ? `Unknown option '${unknown}' for svc-sandbox ${name}; it takes ${takes} (svc-sandbox --help)` : `${(error as Error).message} (svc-sandbox --help)`, 2);
}
const values = { ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, undefined])), ...parsed!.values } as unknown as FlagValues;
if (values.help) {
  console.log(usage());
  process.exit(0);
}
if (values.version) {
  console.log(sandboxVersion());
  process.exit(0);
}

const operands = parsed!.positionals.slice(loose.positionals.length > 0 ? 1 : 0);
try {
  await command!.run(values, operands);
} catch (error) {
  if (error instanceof UsageError) fail(error.message, error.code);
  // Loaded here, not above: it reaches PGlite's classes, which --help and --version never need.
  const { explain } = await import('./cli/failures.js');
  const port = values.port === undefined ? undefined : Number(values.port);
  const line = explain(error, { storage: storageOf({ data: values.data ?? '.svc-sandbox', memory: values.memory ?? false }), dataFolder: values.data ?? '.svc-sandbox', ...(port === undefined ? {} : { port }) });
  if (line) fail(line, 1);
  throw error;
}
