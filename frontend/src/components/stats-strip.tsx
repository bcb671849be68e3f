import type { Stat } from '../content/site-copy-types';

export function StatsStrip({ stats }: { stats: Stat[] }) {
  return (
    <dl className="stats-strip">
      {stats.map((stat) => (
        <div className="stat" key={stat.label}>
          <dt className="stat-label">{stat.label}</dt>
          <dd className="stat-value">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
