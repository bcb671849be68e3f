import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface CaughtEmail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html?: string;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A real SMTP server (maildev, its own process, mail kept in memory) on free ports, read through its web API. */
export class MailCatcher {
  private constructor(
    private readonly server: ChildProcess,
    readonly smtpPort: number,
    private readonly webPort: number,
  ) {}

  /** `extraArgs`: maildev options, e.g. ['--incoming-user', 'u', '--incoming-pass', 'p'] to refuse mail sent without them. */
  static async start(smtpPort?: number, extraArgs: string[] = []): Promise<MailCatcher> {
    const smtp = smtpPort ?? (await freePort());
    const web = await freePort();
    // maildev's exports hide its bin; it is installed at the repository's root.
    const bin = fileURLToPath(new URL('../../../../../node_modules/maildev/dist/bin/maildev.js', import.meta.url));
    const server = spawn(process.execPath, [bin, '--smtp', String(smtp), '--ip', '127.0.0.1', '--web', String(web), '--web-ip', '127.0.0.1', '--silent', ...extraArgs], {
      stdio: 'ignore',
    });
    const catcher = new MailCatcher(server, smtp, web);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${web}/api/healthz`).then((response) => response.ok, () => false);
      if (ready) return catcher;
      if (Date.now() > deadline || server.exitCode !== null) {
        server.kill();
        throw new Error('maildev did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  async messages(): Promise<CaughtEmail[]> {
    const response = await fetch(`http://127.0.0.1:${this.webPort}/api/email`);
    return (await response.json()) as CaughtEmail[];
  }

  /** The message as sent, headers included. */
  async source(id: string): Promise<string> {
    return (await fetch(`http://127.0.0.1:${this.webPort}/api/email/${id}/source`)).text();
  }

  /** Waits until `count` messages have arrived, then a moment longer to catch any extra. */
  async waitFor(count: number, timeoutMs = 15_000): Promise<CaughtEmail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = await this.messages();
      if (messages.length >= count) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return this.messages();
      }
      if (Date.now() > deadline) throw new Error(`expected ${count} emails, ${messages.length} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async clear(): Promise<void> {
    await fetch(`http://127.0.0.1:${this.webPort}/api/email/all`, { method: 'DELETE' });
  }

  async stop(): Promise<void> {
    if (this.server.exitCode !== null) return;
    const exited = new Promise((resolve) => this.server.once('exit', resolve));
    this.server.kill();
    await exited;
  }
}
