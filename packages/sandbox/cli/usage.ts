// `svc-sandbox --help`: the usage line of each command and the options, from the two tables.
import { COMMANDS, DEFAULT_COMMAND } from './commands.js';
import { FLAGS, flagsHelp, synopsisOf, type Flag } from './flags.js';

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => {
    const flags = command.flags.filter((flag) => !(FLAGS[flag] as Flag).hidden).map((flag) => synopsisOf(flag, command.required?.includes(flag)));
    return ['svc-sandbox', name === DEFAULT_COMMAND ? '' : name, command.operands ?? '', ...flags].filter(Boolean).join(' ');
  });
  const summaries = Object.entries(COMMANDS).map(([name, command]) => `  ${(name === DEFAULT_COMMAND ? `(none) or ${name}` : name).padEnd(20)}${command.summary}`);
  return [
    `Usage: ${lines[0]}`,
    ...lines.slice(1).map((line) => `       ${line}`),
    '       svc-sandbox --help | --version',
    '',
    'Commands:',
    ...summaries,
    '',
    flagsHelp(),
  ].join('\n');
}
