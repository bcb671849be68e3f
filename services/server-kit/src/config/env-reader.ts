import { isIP } from 'node:net';

/**
 * Reads environment variables into typed values, collecting every problem so that a
 * misconfigured process stops once, at start, with one message listing all of them.
 */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

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

  integer(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
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
  finish(): void {
    if (this.problems.length > 0) {
      throw new Error(`Invalid configuration:\n  - ${this.problems.join('\n  - ')}`);
    }
  }

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }
}
