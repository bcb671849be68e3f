import { readFileSync } from 'node:fs';
import { childPids } from '../test/support/service-process.js';

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

export interface ProcessSample {
  cpuMs: number;
  rssMb: number;
}

/** CPU time used so far and resident memory of one process and its children (nginx's workers, Postgres's backends), from /proc. */
export function sampleProcessTree(pid: number): ProcessSample {
  let cpuMs = 0;
  let rssMb = 0;
  for (const each of [pid, ...childPids(pid)]) {
    try {
      // utime and stime are fields 14 and 15.
      const fields = statFields(each);
      cpuMs += (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
      const rssKb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1];
      rssMb += Number(rssKb ?? 0) / 1024;
    } catch {
      // The process has exited.
    }
  }
  return { cpuMs, rssMb };
}

/** Peak resident memory of each named process while `work` runs, sampled every 200 ms. */
export async function peakMemoryDuring<T>(pids: Record<string, number>, work: Promise<T>): Promise<{ result: T; peakRssMb: Record<string, number> }> {
  const peakRssMb = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = (): void => {
    for (const [name, pid] of Object.entries(pids)) peakRssMb[name] = Math.max(peakRssMb[name] ?? 0, sampleProcessTree(pid).rssMb);
  };
  sample();
  const timer = setInterval(sample, 200);
  try {
    const result = await work;
    sample();
    return { result, peakRssMb };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time the whole machine has spent busy so far (every core, all processes), from /proc/stat. */
export function machineBusyCpuMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) * MS_PER_TICK;
}

/** The parent of a process (field 4 of /proc/<pid>/stat), or undefined when it is not on this machine. */
export function parentPid(pid: number): number | undefined {
  try {
    return Number(statFields(pid)[1]);
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat from field 3 on: the fields after the command name, which may hold spaces. Throws when the process has gone. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
