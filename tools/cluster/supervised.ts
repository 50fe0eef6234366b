import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pipeLines } from '../process-lines.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type SupervisedOptions = {
  name: string;
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where its output goes, each line prefixed with `[name]`; `null` drops it. */
  output: NodeJS.WritableStream | null;
};

/**
 * One child process of the cluster, which can be killed and started again under the same name and
 * settings (the chaos run does both). It runs in its own process group so a signal reaches everything
 * it started.
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private exit: Promise<number | null> = Promise.resolve(null);

  constructor(readonly options: SupervisedOptions) {}

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  get exited(): Promise<number | null> {
    return this.exit;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const [file, ...args] = this.options.command;
    const child = spawn(file!, args, {
      cwd: REPO_ROOT,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const out = this.options.output;
    if (out) {
      pipeLines(child.stdout!, `[${this.name}] `, out);
      pipeLines(child.stderr!, `[${this.name}] `, out);
    } else {
      child.stdout!.resume();
      child.stderr!.resume();
    }
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.running || !this.child?.pid) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.signal('SIGTERM');
    const killer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(killer);
  }
}

/** Resolves once `url` answers 200, or rejects after `timeoutMs` (or when `alive()` turns false). */
export async function waitForHealthy(
  url: string,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process exited before it was healthy`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
}
