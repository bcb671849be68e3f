import { isIP } from 'node:net';

/** Variables by name; `process.env` in a process, a plain object in tests. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads environment variables into typed values, collecting every problem so that a
 * misconfigured process stops once, at start, with one message listing all of them.
 * No framework imports: the web server and the model simulator use it too.
 */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env = process.env) {}

  string(name: string, fallback?: string): string {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) {
      this.problems.push(`${name} is required`);
      return '';
    }
    return value;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  integer(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    return this.optionalInteger(name, range) ?? fallback;
  }

  optionalInteger(name: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      this.problems.push(`${name} must be a whole number ${range} (got "${value}")`);
      return undefined;
    }
    return parsed;
  }

  optionalBoolean(name: string): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^(1|0|true|false)$/i.test(value)) {
      this.problems.push(`${name} must be 1, 0, true or false (got "${value}")`);
      return undefined;
    }
    return value === '1' || value.toLowerCase() === 'true';
  }

  port(name: string, fallback: number): number {
    return this.integer(name, fallback, { min: 1, max: 65535 });
  }

  /** An address to listen on; a name would depend on what it resolves to at start. */
  ipAddress(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (isIP(value) === 0) {
      this.problems.push(`${name} must be an IP address such as 127.0.0.1 or 0.0.0.0 (got "${value}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, fallback: string, protocols: readonly string[]): string {
    const value = this.raw(name) ?? fallback;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      this.problems.push(`${name} must be a URL (got "${value}")`);
    }
    return value;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const value = this.raw(name) ?? fallback;
    if (!(choices as readonly string[]).includes(value)) {
      this.problems.push(`${name} must be one of ${choices.join(', ')} (got "${value}")`);
      return fallback;
    }
    return value as T;
  }

  require(condition: boolean, problem: string): void {
    if (!condition) this.problems.push(problem);
  }

  /** Throws one error naming every bad variable; call after reading them all. */
  finish(ErrorType: new (message: string) => Error = Error): void {
    if (this.problems.length > 0) {
      throw new ErrorType(`Invalid configuration:\n  - ${this.problems.join('\n  - ')}`);
    }
  }

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }
}
