// The subcommands of `svc-sandbox`, one line each: a new one is a file exporting a Command and a
// line here (the usage and the dispatch are made from this table). The first is the default.
// Each command imports what it runs on (the server, PGlite, Chromium) inside run(), so `--help`,
// `--version` and a usage error load only this table and the flags: a fraction of a second.
import type { Command } from './command.js';
import { cards } from './cards.js';
import { check } from './check.js';
import { credential } from './credential.js';
import { start } from './start.js';

export const COMMANDS: Record<string, Command> = {
  start,
  credential,
  cards,
  check,
};

export const DEFAULT_COMMAND = 'start';
