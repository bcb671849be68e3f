import { AUDIT_MODEL_KEYS, csvDocument, MODEL_PROVIDER_IDS, type TrendPoint } from '@agency/shared';

function percent(share: number | undefined): string {
  return share === undefined ? '' : (share * 100).toFixed(1);
}

/**
 * The trend as CSV: one row per measurement and scope (overall, then each engine), with the
 * 95% interval, share of voice, the change against the previous and the first run, and the
 * cited domains gained and lost.
 */
export function trendCsv(history: readonly TrendPoint[]): string {
  const header = [
    'ran_at',
    'scope',
    'mentioned_in',
    'answers',
    'rate_percent',
    'low_95_percent',
    'high_95_percent',
    'share_of_voice_percent',
    'change_vs_previous',
    'p_vs_previous',
    'change_vs_first',
    'p_vs_first',
    'domains_gained',
    'domains_lost',
  ];
  const rows: string[][] = [];
  for (const point of history) {
    const scopes = [
      ['overall', point.visibility] as const,
      ...MODEL_PROVIDER_IDS.map((id) => [AUDIT_MODEL_KEYS[id], point.perModel[AUDIT_MODEL_KEYS[id]]] as const),
    ];
    for (const [scope, rate] of scopes) {
      if (!rate) continue;
      const against = (which: 'previous' | 'first') => point.comparisons.find((each) => each.scope === scope && each.against === which);
      const previous = against('previous');
      const first = against('first');
      rows.push([
        point.ranAt,
        scope,
        String(rate.mentionedIn),
        String(rate.answers),
        percent(rate.answers === 0 ? undefined : rate.mentionedIn / rate.answers),
        percent(rate.low),
        percent(rate.high),
        scope === 'overall' && point.visibility ? percent(point.visibility.shareOfVoice) : '',
        previous?.sentence ?? '',
        previous ? previous.p.toFixed(4) : '',
        first?.sentence ?? '',
        first ? first.p.toFixed(4) : '',
        scope === 'overall' ? point.domainsGained.join(' ') : '',
        scope === 'overall' ? point.domainsLost.join(' ') : '',
      ]);
    }
    for (const competitor of point.competitors) {
      rows.push([
        point.ranAt,
        `competitor: ${competitor.name}`,
        String(competitor.mentionedIn),
        String(competitor.answers),
        percent(competitor.answers === 0 ? undefined : competitor.mentionedIn / competitor.answers),
        percent(competitor.low),
        percent(competitor.high),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
    }
  }
  return csvDocument(header, rows);
}
