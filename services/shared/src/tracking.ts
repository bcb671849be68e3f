import { citedDomain, wilsonInterval, type AuditBrandVisibility, type AuditRunAnswers } from './audit-report.js';
import { AUDIT_MODEL_KEYS, type AuditModelKey } from './tool-answers.js';
import { MODEL_PROVIDER_IDS } from './model-providers.js';
import { changeSentence, compareProportions, SIGNIFICANCE_LEVEL, type Proportion } from './trend-significance.js';

/** "Track this question": re-run on a schedule, a trend on the report, an email on a real change. */
export const TRACKING_CADENCES = ['weekly', 'monthly'] as const;
export type TrackingCadence = (typeof TRACKING_CADENCES)[number];

export const TRACKING_STATUSES = ['pending', 'active', 'paused', 'stopped'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** Tracked questions one address may hold at once (TRACKING_MAX_PER_EMAIL overrides it). */
export const DEFAULT_TRACKED_PER_EMAIL = 3;
/** Failed runs in a row after which a tracked question pauses for staff to look at. */
export const TRACKING_FAILURES_TO_PAUSE = 3;
/** Competitors and cited domains the trend lists. */
export const TREND_COMPETITORS_SHOWN = 5;

export const TRACKING_ACCEPTED_MESSAGE = 'Check your inbox: we have sent a link to confirm tracking this question.';
export const TRACKING_LIMIT_MESSAGE = 'This address already tracks the most questions allowed. Stop one from its email before adding another.';

export function trackingPath(reportId: string): string {
  return `/api/llm-query/reports/${reportId}/tracking`;
}

/** A mention rate with its 95% Wilson interval. */
export interface TrendRate {
  mentionedIn: number;
  answers: number;
  low: number;
  high: number;
}

/** One comparison of two runs' mention rates. */
export interface TrendComparison {
  /** Against the run before, or against the first measurement. */
  against: 'previous' | 'first';
  /** 'overall', or one engine. */
  scope: 'overall' | AuditModelKey;
  before: Proportion;
  after: Proportion;
  p: number;
  test: 'fisher' | 'z';
  significant: boolean;
  /** "up from 2 of 12 to 9 of 12 (significant, p = 0.01)" or "no significant change (…)". */
  sentence: string;
}

/** One dated measurement of a tracked question, as the report's `history` lists it. */
export interface TrendPoint {
  ranAt: string;
  /** The brand's mention rate over every answer, with share of voice; null without a brand. */
  visibility: (TrendRate & { shareOfVoice: number }) | null;
  perModel: Partial<Record<AuditModelKey, TrendRate>>;
  competitors: (TrendRate & { name: string })[];
  /** Domains the answers cited, most cited first. */
  citedDomains: string[];
  /** Against the run before: domains cited now and not then, and the other way round. */
  domainsGained: string[];
  domainsLost: string[];
  /** Latest against previous and against first, per engine and overall (none for the first point). */
  comparisons: TrendComparison[];
  /** Against the previous run: the overall change when significant, else the first engine's significant change; null when nothing changed. */
  significantChange: TrendComparison | null;
}

/** What one measurement keeps for the trend (the original audit is the first). */
export interface TrendSample {
  ranAt: Date | string;
  visibility: AuditBrandVisibility | null;
  competitorVisibility: AuditBrandVisibility[];
  runAnswers: AuditRunAnswers;
}

function rate(mentionedIn: number, answers: number, low: number, high: number): TrendRate {
  return { mentionedIn, answers, low, high };
}

function domainsOf(runAnswers: AuditRunAnswers): string[] {
  const counts = new Map<string, number>();
  for (const answers of Object.values(runAnswers)) {
    for (const answer of answers ?? []) {
      for (const citation of answer.citations) {
        const domain = citedDomain(citation.url);
        if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
      }
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([domain]) => domain);
}

function compare(against: TrendComparison['against'], scope: TrendComparison['scope'], before: TrendRate, after: TrendRate): TrendComparison {
  const from = { k: before.mentionedIn, n: before.answers };
  const to = { k: after.mentionedIn, n: after.answers };
  const { p, test } = compareProportions(from, to);
  return { against, scope, before: from, after: to, p, test, significant: p < SIGNIFICANCE_LEVEL, sentence: changeSentence(from, to, p) };
}

function comparisons(against: TrendComparison['against'], before: TrendPoint, after: TrendPoint): TrendComparison[] {
  const list: TrendComparison[] = [];
  if (before.visibility && after.visibility && before.visibility.answers > 0 && after.visibility.answers > 0) {
    list.push(compare(against, 'overall', before.visibility, after.visibility));
  }
  for (const id of MODEL_PROVIDER_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const from = before.perModel[key];
    const to = after.perModel[key];
    if (from && to && from.answers > 0 && to.answers > 0) list.push(compare(against, key, from, to));
  }
  return list;
}

function point(sample: TrendSample): Omit<TrendPoint, 'domainsGained' | 'domainsLost' | 'comparisons' | 'significantChange'> {
  const visibility = sample.visibility;
  const perModel: TrendPoint['perModel'] = {};
  if (visibility) {
    for (const [key, engine] of Object.entries(visibility.engines) as [AuditModelKey, NonNullable<AuditBrandVisibility['engines'][AuditModelKey]>][]) {
      const interval = wilsonInterval(engine.mentionedIn, engine.answers);
      perModel[key] = rate(engine.mentionedIn, engine.answers, interval.low, interval.high);
    }
  }
  return {
    ranAt: new Date(sample.ranAt).toISOString(),
    visibility: visibility ? { ...rate(visibility.mentionedIn, visibility.answers, visibility.low, visibility.high), shareOfVoice: visibility.shareOfVoice } : null,
    perModel,
    competitors: sample.competitorVisibility.slice(0, TREND_COMPETITORS_SHOWN).map((each) => ({ name: each.brand, ...rate(each.mentionedIn, each.answers, each.low, each.high) })),
    citedDomains: domainsOf(sample.runAnswers),
  };
}

/**
 * The trend of a tracked question, oldest first: each point compared with the one before it and
 * with the first, per engine and overall; only a p-value under 0.05 is called a change.
 */
export function trendHistory(samples: readonly TrendSample[]): TrendPoint[] {
  const points: TrendPoint[] = [];
  samples.forEach((sample, index) => {
    const base = point(sample);
    const previous = points[index - 1];
    const first = points[0];
    const current: TrendPoint = { ...base, domainsGained: [], domainsLost: [], comparisons: [], significantChange: null };
    if (previous && first) {
      current.domainsGained = base.citedDomains.filter((domain) => !previous.citedDomains.includes(domain)).slice(0, TREND_COMPETITORS_SHOWN * 2);
      current.domainsLost = previous.citedDomains.filter((domain) => !base.citedDomains.includes(domain)).slice(0, TREND_COMPETITORS_SHOWN * 2);
      current.comparisons = [...comparisons('previous', previous, current), ...(index > 1 ? comparisons('first', first, current) : [])];
      // Only a change since the run before is news (and worth an email); against the first is context.
      const significant = current.comparisons.filter((each) => each.significant && each.against === 'previous');
      current.significantChange = significant.find((each) => each.scope === 'overall') ?? significant[0] ?? null;
    }
    points.push(current);
  });
  return points;
}

/** One tracked question as staff see it in the admin list (GET /api/admin/tracked-questions). */
export interface TrackedQuestionRecord {
  id: number;
  question: string;
  brand: string | null;
  email: string;
  cadence: TrackingCadence;
  status: TrackingStatus;
  /** Why it is paused or stopped (three failed runs, the visitor's stop link, staff). */
  statusReason: string | null;
  lastRunAt?: string;
  /** The latest run's change: a significant change's sentence, or "no significant change". */
  lastChange?: string;
  reportId: string;
  reportUrl: string;
  runs: number;
  createdAt: string;
}

/** One tracked question with its whole trend (GET /api/admin/tracked-questions/{id}). */
export interface TrackedQuestionDetail extends TrackedQuestionRecord {
  history: TrendPoint[];
}
