import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

// Caddy in front of a running server, as docs/operations.md "Custom domains and TLS" sets it up: Debian's
// caddy with its internal CA, on-demand TLS asking the server's TLS ask endpoint before it makes a
// certificate. Used by the server's caddy-tls test and the browser run's custom-domain spec.

/** The caddy binary (scripts/ensure-caddy.sh installs it), or null when the machine has none. */
export const caddyPath = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim() || null;

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`caddy did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface RunningCaddy {
  child: ChildProcess;
  /** What caddy has written so far (stdout and stderr), for a failure's message. */
  log: () => string;
  /** Stops caddy and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * Starts caddy with its state under `dir`, serving HTTPS on `httpsPort` for any name the server's ask
 * endpoint (`askPath` on `appPort`) says yes to, and proxying to the server; answers once it listens.
 */
export async function startCaddy(options: {
  dir: string;
  appPort: number | string;
  askPath: string;
  httpsPort: number;
}): Promise<RunningCaddy> {
  const { dir, appPort, askPath, httpsPort } = options;
  if (!caddyPath) throw new Error('caddy is not installed: run scripts/ensure-caddy.sh (apt-get install caddy)');
  const caddyfile = `{
  admin off
  storage file_system {
    root ${join(dir, 'storage')}
  }
  local_certs
  skip_install_trust
  http_port ${await freePort()}
  https_port ${httpsPort}
  auto_https disable_redirects
  on_demand_tls {
    ask http://127.0.0.1:${appPort}${askPath}
  }
}

https:// {
  tls {
    on_demand
  }
  reverse_proxy 127.0.0.1:${appPort}
}
`;
  writeFileSync(join(dir, 'Caddyfile'), caddyfile);
  const child = spawn(caddyPath, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlives the test process, even when it is stopped mid-run.
  process.once('exit', () => child.kill('SIGKILL'));
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForPort(httpsPort, 15_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { child, log: () => log, stop };
}
