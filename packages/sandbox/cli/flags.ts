// Every flag of `svc-sandbox`, once: the parser (parseArgs) and `--help` are both made from this
// table, so a flag cannot be accepted without being documented, or documented without being read.
import { parseArgs } from 'node:util';
import { ALL_PERMISSIONS } from '../auth/permissions.js';
import { DEFAULT_CONCURRENCY } from '../check/schedule.js';

export interface Flag {
  type: 'string' | 'boolean';
  /** The value's name in the help (`--port N`). */
  value?: string;
  default?: string | boolean;
  short?: string;
  help: string;
  /** Accepted, not shown: a flag kept for old scripts. */
  hidden?: boolean;
}

export const FLAGS = {
  data: { type: 'string', value: 'DIR', default: '.svc-sandbox', help: "the sandbox's folder: records in DIR/pglite (one sandbox at a time), keys in DIR/keys" },
  keys: { type: 'string', value: 'DIR', help: "the card key pair's folder instead (v1.private.pem, v1.public.pem; made when absent)" },
  memory: { type: 'boolean', default: false, help: 'records in memory, gone when it stops' },
  port: { type: 'string', value: 'N', default: process.env.PORT ?? '4010', help: '0 takes a free port (default PORT or 4010); it listens on 127.0.0.1 only' },
  'no-loopback-webhooks': { type: 'boolean', default: false, help: 'webhooks may not reach this machine (127.0.0.0/8, ::1): for a sandbox several people share' },
  // Loopback used to need it; it is the default now, the flag still accepted.
  'allow-loopback-webhooks': { type: 'boolean', default: false, help: 'the default; kept for old scripts', hidden: true },
  'max-connections': { type: 'string', value: 'N', default: '256', help: 'open connections at once; one past it is closed as it opens' },
  companies: { type: 'string', value: 'a,b', help: "the companies the credential acts for (the sandbox's company is company_demo)" },
  permissions: { type: 'string', value: 'p,q', default: ALL_PERMISSIONS.join(','), help: `the credential's permissions (default all): ${ALL_PERMISSIONS.join(', ')}` },
  // svc-sandbox check (check/command.ts): the sandbox the shop calls, as the shop calls it.
  sandbox: { type: 'string', value: 'URL', default: 'http://127.0.0.1:4010', help: 'check: the sandbox the shop\'s server calls' },
  'api-key': { type: 'string', value: 'KEY', help: "check: the shop's credential (default the sandbox's ready one)" },
  company: { type: 'string', value: 'ID', help: "check: the shop's company (default the sandbox's company)" },
  chromium: { type: 'string', value: 'PATH', help: 'check: a Chromium or Chrome (default SVC_CHECK_CHROMIUM, else /usr/bin/chromium); needs playwright-core' },
  only: { type: 'string', value: 'a,b', help: 'check: these scenarios only' },
  concurrency: { type: 'string', value: 'N', default: String(DEFAULT_CONCURRENCY), help: `check: scenarios played at once (default ${DEFAULT_CONCURRENCY}; 1: one after another); those issuing a PIX or boleto play one at a time, the dropped answer alone` },
  help: { type: 'boolean', short: 'h', default: false, help: 'this text' },
  version: { type: 'boolean', short: 'v', default: false, help: "the sandbox's version" },
} as const satisfies Record<string, Flag>;

export type FlagName = keyof typeof FLAGS;
export type FlagValues = { [K in FlagName]: (typeof FLAGS)[K]['type'] extends 'boolean' ? boolean : (typeof FLAGS)[K] extends { default: string } ? string : string | undefined };

/** Read from the environment, listed in the help after the flags. */
export const ENVIRONMENT = {
  DATABASE_URL: 'postgres://user:password@host/db: records in PostgreSQL instead of PGlite (several sandboxes may share it)',
  PORT: 'the default of --port',
} as const;

type ParseOptions = Parameters<typeof parseArgs>[0] extends infer O ? O extends { options?: infer P } ? NonNullable<P> : never : never;

/** The parseArgs options for these flags. */
export const parseOptions = (names: readonly FlagName[]): ParseOptions =>
  Object.fromEntries(names.map((name) => {
    const { type, default: fallback, short } = FLAGS[name] as Flag;
    return [name, { type, ...(fallback === undefined ? {} : { default: fallback }), ...(short ? { short } : {}) }];
  })) as ParseOptions;

/** `--name VALUE`, bracketed when optional: the synopsis of a flag. */
export const synopsisOf = (name: FlagName, required = false) => {
  const text = `--${name}${(FLAGS[name] as Flag).value ? ` ${(FLAGS[name] as Flag).value}` : ''}`;
  return required ? text : `[${text}]`;
};

/** The options' part of the help: one entry per shown flag, wrapped under its name. */
export function flagsHelp(width = 100): string {
  const rows = Object.entries(FLAGS).filter(([, flag]) => !(flag as Flag).hidden).map(([name, flag]) => {
    const { value, short } = flag as Flag;
    return [`${short ? `-${short}, ` : ''}--${name}${value ? ` ${value}` : ''}`, flag.help] as const;
  });
  const env = Object.entries(ENVIRONMENT);
  const column = Math.max(...[...rows, ...env].map(([left]) => left.length)) + 2;
  const wrap = (text: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && column + 2 + line.length + 1 + word.length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line].join(`\n${' '.repeat(column + 2)}`);
  };
  const table = (entries: ReadonlyArray<readonly [string, string]>) => entries.map(([left, text]) => `  ${left.padEnd(column)}${wrap(text)}`).join('\n');
  return `Options:\n${table(rows)}\n\nEnvironment:\n${table(env)}`;
}
