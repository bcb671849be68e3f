import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type TrendPoint } from '@agency/shared';
import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { formatLongDate } from '../../../format/date-format';

// Only what this chart draws: chart.js is tree-shaken to it, in a chunk fetched when a trend shows.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Legend, Tooltip);

const ENGINE_COLOURS = ['#0f766e', '#b45309', '#1d4ed8', '#7c3aed'];

function percent(k: number, n: number): number | null {
  return n === 0 ? null : Math.round((k / n) * 1000) / 10;
}

/** The trend's chart: overall visibility with its 95% interval as a band, and each engine's rate. The same figures are in the table below it. */
export default function AuditTrendChart({ history }: { history: TrendPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const config = useMemo((): ChartConfiguration<'line'> => {
    const labels = history.map((point) => formatLongDate(point.ranAt));
    const overall = history.map((point) => point.visibility);
    return {
      type: 'line',
      data: {
        labels,
        datasets: [
          { label: '95% interval (high)', data: overall.map((rate) => (rate ? Math.round(rate.high * 1000) / 10 : null)), borderWidth: 0, pointRadius: 0, fill: false },
          {
            label: '95% interval',
            data: overall.map((rate) => (rate ? Math.round(rate.low * 1000) / 10 : null)),
            borderWidth: 0,
            pointRadius: 0,
            backgroundColor: 'rgba(17, 17, 17, 0.12)',
            fill: '-1',
          },
          { label: 'All engines', data: overall.map((rate) => (rate ? percent(rate.mentionedIn, rate.answers) : null)), borderColor: '#111', backgroundColor: '#111', borderWidth: 3 },
          ...MODEL_PROVIDER_IDS.map((id, index) => {
            const key = AUDIT_MODEL_KEYS[id];
            return {
              label: MODEL_PROVIDER_LABELS[id],
              data: history.map((point) => {
                const rate = point.perModel[key];
                return rate ? percent(rate.mentionedIn, rate.answers) : null;
              }),
              borderColor: ENGINE_COLOURS[index],
              backgroundColor: ENGINE_COLOURS[index],
              borderDash: [4, 4],
              borderWidth: 1.5,
            };
          }),
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        spanGaps: true,
        scales: { y: { min: 0, max: 100, title: { display: true, text: 'Answers naming the brand (%)' } } },
        plugins: { legend: { labels: { filter: (item) => item.text !== '95% interval (high)' } } },
      },
    };
  }, [history]);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="audit-trend-chart">
      <canvas ref={canvas} role="img" aria-label="Visibility over time, overall with its 95% interval and per engine; the figures are in the table below." />
    </div>
  );
}
