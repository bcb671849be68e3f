export type CheckState = 'up' | 'down';

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, CheckState>;
}

/** Runs named checks in parallel, each bounded by a timeout, and reports which are down. */
export async function checkReadiness(
  checks: Record<string, () => Promise<unknown>>,
  timeoutMs = 1500,
): Promise<ReadinessReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map(async (name) => {
      const check = checks[name];
      if (!check) return 'down' as const;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      });
      try {
        await Promise.race([check(), timeout]);
        return 'up' as const;
      } catch {
        return 'down' as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report: ReadinessReport = { status: 'ok', checks: {} };
  names.forEach((name, index) => {
    const state = results[index] ?? 'down';
    report.checks[name] = state;
    if (state === 'down') report.status = 'unavailable';
  });
  return report;
}

export function describeUnready(report: ReadinessReport): string {
  const down = Object.entries(report.checks)
    .filter(([, state]) => state === 'down')
    .map(([name]) => name);
  return `Not ready: ${down.join(', ')} unavailable.`;
}
