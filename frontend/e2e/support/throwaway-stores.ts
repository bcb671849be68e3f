import net from 'node:net';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
interface PgModule {
  default: { Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => PgClient };
}

/** Drops the e2e database so that migrations and seed run on an empty one. */
export async function dropE2eDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+_e2e$/.test(name)) {
    throw new Error(`Refusing to drop "${name}": the e2e database name must end in _e2e.`);
  }
  url.pathname = '/postgres';
  // pg is the content service's driver; imported by name so this package needs no types for it.
  const moduleName = 'pg';
  const pg = (await import(moduleName)) as PgModule;
  const client = new pg.default.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Empties the e2e Redis database (sessions, login throttle) with two plain RESP commands. */
export function flushE2eRedisDatabase(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const database = Number(url.pathname.slice(1) || '0');
  if (!Number.isInteger(database) || database < 1) {
    return Promise.reject(new Error(`Refusing to flush Redis database ${database}: use a database other than 0 for e2e.`));
  }
  const commands: string[][] = [];
  if (url.password) commands.push(url.username ? ['AUTH', url.username, url.password] : ['AUTH', url.password]);
  commands.push(['SELECT', String(database)], ['FLUSHDB']);
  const payload = commands
    .map((args) => `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`)
    .join('');

  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    let replies = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`Redis at ${url.host} did not answer in time.`)));
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (chunk: Buffer) => {
      replies += chunk.toString('utf8');
      if (replies.startsWith('-') || replies.includes('\r\n-')) {
        socket.destroy();
        reject(new Error(`Redis refused the e2e reset: ${replies.trim()}`));
      } else if (replies.split('\r\n').filter(Boolean).length >= commands.length) {
        socket.end();
        resolve();
      }
    });
    socket.on('error', reject);
  });
}
