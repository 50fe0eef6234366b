import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { BetfairStreamServer, tlsIdentity } from './stream/index.ts';

/**
 * The unmodified betfairlightweight client (../shared/clients, MIT) runs tests/betfair against this
 * portal on a free port. Off CI a machine without python3, pytest or the client skips; on CI it fails.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const clientDir = path.resolve(repoRoot, '..', 'shared', 'clients', 'betfairlightweight-2.22.0');

function missing(): string | undefined {
  if (!existsSync(path.join(clientDir, 'betfairlightweight'))) return `no client at ${clientDir}`;
  const pytest = spawnSync('python3', ['-m', 'pytest', '--version'], { encoding: 'utf8' });
  if (pytest.status !== 0) return 'python3 with pytest is not installed';
  return undefined;
}

const absent = missing();
if (absent && process.env.CI === 'true')
  throw new Error(`The trading API client tests cannot run: ${absent}`);

function runPytest(
  portalUrl: string,
  streamPort: number,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('python3', ['-m', 'pytest', 'tests/betfair', '-q', '-p', 'no:cacheprovider'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PYTHONPATH: clientDir,
        PYTHONDONTWRITEBYTECODE: '1',
        BACKLAY_URL: portalUrl,
        BACKLAY_STREAM_PORT: String(streamPort),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe.skipIf(absent !== undefined)('betfairlightweight against the portal', () => {
  let ctx: TestContext;
  let portalUrl: string;
  let stream: BetfairStreamServer;
  let streamPort: number;

  beforeAll(async () => {
    ctx = await startTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    portalUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    stream = new BetfairStreamServer(ctx.deps);
    const identity = await tlsIdentity({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bf-stream-')) });
    streamPort = await stream.start(identity, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await stream.stop();
    await ctx.close();
  });

  it('logs in, keeps alive, reads funds and details, and is refused after logout', async () => {
    const run = await runPytest(portalUrl, streamPort);
    expect(run.output).toMatch(/\d+ passed/);
    expect(run.output, run.output).not.toMatch(/failed|error/i);
    expect(run.status, run.output).toBe(0);
  }, 120_000);
});
