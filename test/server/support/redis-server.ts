// A throwaway redis-server (Debian package) on a free loopback port, stopped after. Options
// for the fault tests: a fixed port (a restart on the same address), extra arguments
// (persistence), and a kill with any signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../test-support/free-port.mjs';

export interface RunningRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: no shutdown, no final save) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface RedisOptions {
  port?: number;
  /** Replaces the default `--save '' --appendonly no` (no persistence). */
  args?: string[];
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run redis-server (apt-get install redis-server): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

export async function startRedis(options: RedisOptions = {}): Promise<RunningRedis> {
  const port = options.port ?? (await freePort());
  const args = options.args ?? ['--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await ready(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { port, url: `redis://127.0.0.1:${port}`, stop: () => kill('SIGTERM'), kill };
}
