import { spawn } from 'node:child_process';

/** How a script run in its own process ended, with all it printed. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Node with the TypeScript loader the npm scripts use (`npm run seed`, `simulate`, `bench` …). */
export const TS_NODE = [process.execPath, '--import', '@swc-node/register/esm-register'] as const;

/** Runs a TypeScript script as the npm scripts do, in a child process with `env`, until it ends. */
export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TS_NODE[0], [...nodeOptions, ...TS_NODE.slice(1), script, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The real server (`server/src/main.ts`) in a child process, as `npm start` runs it. */
export interface ServerProcess {
  /** Its URL once it has printed all it prints on start (ready), or how it ended if it ended first. */
  started: Promise<{ url: string } | ScriptRun>;
  /** How it ended (whenever it does). */
  ended: Promise<ScriptRun>;
  /** Everything printed so far, both streams. */
  output(): string;
  signal(name: NodeJS.Signals): void;
  /** Sends SIGTERM unless it has ended, then SIGKILL if it has not ended after `killAfterMs`; waits for the end. */
  stop(killAfterMs?: number): Promise<ScriptRun>;
}

export function startServerProcess(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(TS_NODE[0], [...TS_NODE.slice(1), 'server/src/main.ts'], { env });
  let stdout = '';
  let stderr = '';
  let both = '';
  const ended = new Promise<ScriptRun>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? -1 : null), stdout, stderr })),
  );
  const started = new Promise<{ url: string } | ScriptRun>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      both += chunk.toString();
      const url = /running at (http:\/\/\S+) on/.exec(stdout)?.[1];
      if (url && stdout.includes('Press Ctrl-C to stop.')) resolve({ url });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      both += chunk.toString();
    });
    void ended.then(resolve);
  });
  return {
    started,
    ended,
    output: () => both,
    signal: (name) => void child.kill(name),
    stop(killAfterMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return ended;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      return ended.finally(() => clearTimeout(kill));
    },
  };
}
