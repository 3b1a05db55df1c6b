// What a subcommand of `svc-sandbox` is: commands.ts lists them, cli.ts dispatches.
import type { FlagName, FlagValues } from './flags.js';

export interface Command {
  /** One line for the help. */
  summary: string;
  /** The flags it reads (from flags.ts); --help and --version go with every command. */
  flags: readonly FlagName[];
  /** Those it cannot run without. */
  required?: readonly FlagName[];
  /** The positionals after its name, for the usage line (`<checkout-url>`). */
  operands?: string;
  run(values: FlagValues, operands: string[]): Promise<void>;
}

/** A failure the user can fix: printed as one line, `svc-sandbox: <message>`, exit `code`. */
export class UsageError extends Error {
  constructor(message: string, readonly code = 2) { super(message); }
}
