/**
 * The seam for tracked questions between the tools API (which starts, pauses and stops their
 * schedules) and the workers (which run them). A queue of its own: tracked runs have no caller
 * waiting, so they never take a free tool's place in the `tools` queue nor its deadlines.
 */
import type { TrackingCadence } from '@agency/shared';
import type { Queue } from 'bullmq';
import { z } from 'zod';

export const TRACKING_QUEUE = 'tracking';
export const TRACKED_RUN_JOB = 'tracked-run';

export interface TrackedRunData {
  trackedQuestionId: number;
}

const TRACKED_RUN_DATA = z.object({ trackedQuestionId: z.number().int().positive() });

export function trackedRunData(data: unknown): TrackedRunData | undefined {
  const parsed = TRACKED_RUN_DATA.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export function trackingSchedulerId(trackedQuestionId: number): string {
  return `tracked-question-${trackedQuestionId}`;
}

const MINUTES_PER_DAY = 24 * 60;
/** Co-prime with the minutes of a day: consecutive ids land far apart, every minute is used once per 1,440 ids. */
const SPREAD_STEP = 613;

/**
 * The UTC cron pattern of a tracked question's schedule: the weekday (weekly) or day of the month
 * (monthly, at most the 28th so every month has it) it was confirmed on, at a minute of the day
 * that follows from its id, so that many tracked questions' runs are spread over the day.
 */
export function trackingSchedulePattern(trackedQuestionId: number, cadence: TrackingCadence, confirmedAt: Date): string {
  const minuteOfDay = (trackedQuestionId * SPREAD_STEP) % MINUTES_PER_DAY;
  const time = `${minuteOfDay % 60} ${Math.floor(minuteOfDay / 60)}`;
  return cadence === 'weekly' ? `${time} * * ${confirmedAt.getUTCDay()}` : `${time} ${Math.min(confirmedAt.getUTCDate(), 28)} * *`;
}

/** How a tracked run's job is kept: its outcome is stored in Postgres, so Redis keeps little. */
const TRACKED_RUN_JOB_OPTIONS = {
  attempts: 1,
  removeOnComplete: { age: 7 * 86_400, count: 1000 },
  removeOnFail: { age: 7 * 86_400, count: 1000 },
};

/** Starts (or changes) the schedule: BullMQ keeps it in Redis, so no process holds a timer for it. */
export async function upsertTrackingSchedule(queue: Queue, trackedQuestionId: number, pattern: string): Promise<void> {
  await queue.upsertJobScheduler(
    trackingSchedulerId(trackedQuestionId),
    { pattern, tz: 'UTC' },
    { name: TRACKED_RUN_JOB, data: { trackedQuestionId } satisfies TrackedRunData, opts: TRACKED_RUN_JOB_OPTIONS },
  );
}

export async function removeTrackingSchedule(queue: Queue, trackedQuestionId: number): Promise<void> {
  await queue.removeJobScheduler(trackingSchedulerId(trackedQuestionId));
}
