import { existsSync, readFileSync } from 'node:fs';

/** One 250 ms window of a service's event loop, as event-loop-probe.ts writes it. */
export interface LoopWindow {
  at: number;
  maxMs: number;
}

/** The windows the probe wrote to `file` that end between `from` and just after `to`. */
export function loopWindows(file: string, from: number, to: number): LoopWindow[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopWindow)
    .filter((window) => window.at > from && window.at <= to + 250);
}
