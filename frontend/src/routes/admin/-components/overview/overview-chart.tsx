import { BarController, BarElement, CategoryScale, Chart, type ChartConfiguration, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts these charts draw: chart.js is tree-shaken to them.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** A chart.js chart on a canvas, drawn again when its configuration changes. The figures it shows are also in a table beside it. */
export function OverviewChart({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, { ...config, options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options } });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="admin-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
