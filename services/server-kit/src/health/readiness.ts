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
  const entries = Object.entries(checks);
  const states = await Promise.all(entries.map(([, check]) => runBounded(check, timeoutMs)));
  const report: ReadinessReport = { status: 'ok', checks: {} };
  entries.forEach(([name], index) => {
    const state = states[index] ?? 'down';
    report.checks[name] = state;
    if (state === 'down') report.status = 'unavailable';
  });
  return report;
}

async function runBounded(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function describeUnready(report: ReadinessReport): string {
  const down = Object.entries(report.checks)
    .filter(([, state]) => state === 'down')
    .map(([name]) => name);
  return `Not ready: ${down.join(', ')} unavailable.`;
}
