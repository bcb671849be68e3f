import type { FuzzRequest } from './hostile-input.js';

/**
 * A case an endpoint fuzz run once failed on. Every later run sends its request first (fast-check
 * `examples`) and replays its seed on its route, so a defect found by chance stays found.
 */
export interface FuzzRegression {
  /** The suite (FuzzTarget.name) and route ("GET /api/x/:id") the failure was reported for. */
  service: string;
  route: string;
  /** The run's seed and fast-check's path to the failing case, as the failure printed them. */
  seed: number;
  path: string;
  request: FuzzRequest;
  /** What the service did wrong then. */
  found: string;
}

export const FUZZ_REGRESSIONS: readonly FuzzRegression[] = [
  {
    service: 'content',
    route: 'GET /api/admin/contact-messages/:id',
    seed: -1034146976,
    path: '34',
    request: { method: 'PATCH', pathValues: ['2'], query: '', contentType: null, body: null, label: 'wrong-method(PATCH)' },
    found: 'a PATCH with no body reached the handler, and its activity summary read the missing body: 500',
  },
];
