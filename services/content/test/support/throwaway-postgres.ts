import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Ports these tests may give their own Postgres clusters (never the shared 5432). */
const PORT_RANGE = (process.env.THROWAWAY_POSTGRES_PORTS ?? '5440-5449').split('-').map(Number) as [number, number];

/**
 * A Postgres cluster of the test's own (Debian's initdb and pg_ctl), so that it can be stopped and
 * started without touching the database other tests use. initdb refuses to run as root, so as root
 * the cluster belongs to the `postgres` user.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** Stops the server: `immediate` is a crash (recovery replays the log at start), `fast` a clean stop. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes the cluster. */
  destroy(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(`${tmpdir()}/throwaway-postgres-`);
  const asOwner = process.getuid?.() === 0 ? await postgresUser(dir) : [];
  const data = `${dir}/data`;
  const port = await firstClosedPort(PORT_RANGE);
  const pg = (tool: string, args: string[]) =>
    run(asOwner.length > 0 ? 'runuser' : `${bin}${tool}`, asOwner.length > 0 ? [...asOwner, `${bin}${tool}`, ...args] : args, { timeout: 60_000 });
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    throw new Error(`initdb failed (apt-get install postgresql): ${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
  }
  // fsync off: a process crash loses nothing (the kernel still has the writes); only the machine could.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`;
  const start = async (): Promise<void> => {
    await pg('pg_ctl', ['-D', data, '-l', `${dir}/server.log`, '-o', options, '-w', '-t', '30', 'start']);
  };
  const stop = async (mode: 'immediate' | 'fast' = 'immediate'): Promise<void> => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => undefined);
  };
  const destroy = async (): Promise<void> => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  await start();
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, port, start, stop, destroy };
}

function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return `${process.env.POSTGRES_BIN_DIR.replace(/\/+$/, '')}/`;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(`${root}/${version}/bin/initdb`)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  // Elsewhere initdb and pg_ctl are expected on PATH.
  return newest ? `${root}/${newest}/bin/` : '';
}

/** As root: the `runuser` arguments that run a command as `postgres`, which then owns `dir`. */
async function postgresUser(dir: string): Promise<string[]> {
  const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error('initdb refuses to run as root and there is no postgres user (apt-get install postgresql)');
  });
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  return ['-u', 'postgres', '--'];
}

async function firstClosedPort([first, last]: [number, number]): Promise<number> {
  for (let port = first; port <= last; port++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open) return port;
  }
  throw new Error(`every port from ${first} to ${last} is taken; set THROWAWAY_POSTGRES_PORTS`);
}
