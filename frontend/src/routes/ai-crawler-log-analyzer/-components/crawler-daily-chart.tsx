import type { CrawlerLogAnswer } from '@agency/shared';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const COLOURS = ['#2547d0', '#0a8f6a', '#d0642a', '#7a3fc0', '#c0306a', '#2a93b8', '#8a7a20', '#555b70'];

/** Requests per day, stacked by agent (the top seven by requests, the rest as "Others"). Loaded on its own: chart.js is not in the page's chunk. */
export default function CrawlerDailyChart({ report }: { report: CrawlerLogAnswer }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const named = report.agents.slice(0, 7).map((agent) => agent.agent);
    const others = report.agents.length > 7;
    const datasets = [...named, ...(others ? ['Others'] : [])].map((label, index) => ({
      label,
      backgroundColor: COLOURS[index % COLOURS.length],
      data: report.daily.map((day) =>
        label === 'Others'
          ? Object.entries(day.agents)
              .filter(([agent]) => !named.includes(agent))
              .reduce((sum, [, count]) => sum + count, 0)
          : (day.agents[label] ?? 0),
      ),
    }));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: report.daily.map((day) => day.day), datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
      },
    });
    return () => chart.destroy();
  }, [report]);
  const total = report.daily.reduce((sum, day) => sum + Object.values(day.agents).reduce((a, b) => a + b, 0), 0);
  return (
    <div className="crawler-chart">
      <canvas ref={canvas} role="img" aria-label={`AI crawler requests per day over ${report.daily.length} days, ${total} in all`} />
    </div>
  );
}
