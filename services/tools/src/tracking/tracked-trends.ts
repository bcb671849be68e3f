import { trendHistory, type TrendPoint, type TrendSample } from '@agency/shared';
import type { DataSource, EntityManager } from 'typeorm';

interface SampleRow {
  ran_at: Date;
  visibility: TrendSample['visibility'];
  competitor_visibility: TrendSample['competitorVisibility'];
  run_answers: TrendSample['runAnswers'];
}

/**
 * The trend of one tracked question: the audit it was tracked from is the first measurement,
 * then each stored run in the order of its schedule.
 */
export async function trackedTrend(db: DataSource | EntityManager, trackedQuestionId: number): Promise<TrendPoint[]> {
  const rows = await db.query<SampleRow[]>(
    `SELECT ran_at, visibility, competitor_visibility, run_answers FROM (
       SELECT audit.created_at AS ran_at, audit.visibility, audit.competitor_visibility, audit.run_answers, 0 AS part, audit.created_at AS slot
         FROM tracked_questions tracked JOIN llm_queries audit ON audit.report_id = tracked.report_id
        WHERE tracked.id = $1
       UNION ALL
       SELECT run.ran_at, run.visibility, run.competitor_visibility, run.run_answers, 1 AS part, run.slot
         FROM tracked_runs run WHERE run.tracked_question_id = $1
     ) samples ORDER BY part, slot`,
    [trackedQuestionId],
  );
  return trendHistory(
    rows.map((row) => ({ ranAt: row.ran_at, visibility: row.visibility, competitorVisibility: row.competitor_visibility ?? [], runAnswers: row.run_answers ?? {} })),
  );
}

/**
 * The tracked question whose trend a report shows: of those made from it that were ever
 * confirmed, the one with the most runs (the earliest on a tie). Null when none.
 */
export async function trackedQuestionOfReport(db: DataSource, reportId: string): Promise<number | null> {
  const rows = await db.query<{ id: number }[]>(
    `SELECT tracked.id FROM tracked_questions tracked
      WHERE tracked.report_id = $1 AND tracked.confirmed_at IS NOT NULL
      ORDER BY (SELECT count(*) FROM tracked_runs run WHERE run.tracked_question_id = tracked.id) DESC, tracked.id
      LIMIT 1`,
    [reportId],
  );
  return rows[0]?.id ?? null;
}
