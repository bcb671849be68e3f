import { countLabel, type LeadsOverview, type SubscriberSource, type ToolsOverview } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration } from 'chart.js';
import { useMemo, type ReactNode } from 'react';
import { adminLeadsOverviewQuery, adminToolsOverviewQuery } from '../../../../api/admin-queries';
import { SUBSCRIBER_SOURCE_LABELS } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { OverviewChart } from './overview-chart';
import { PanelHeader } from '../shared/panel-parts';

const COLOURS = ['#2563eb', '#16a34a', '#f59e0b', '#db2777', '#7c3aed'];
const ENGINE_LABELS: Record<string, string> = { openai: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', grok: 'Grok' };

/** '24 Jan' from '2026-01-24'. */
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)}%`);

/** The first tab: how the forms and tools bring leads over the last 30 days. Its chunk (with chart.js) loads only here. */
export default function OverviewPanel() {
  const leads = useQuery(adminLeadsOverviewQuery());
  const tools = useQuery(adminToolsOverviewQuery());
  return (
    <>
      <PanelHeader title="Overview" badge={leads.data ? `${sum(Object.values(leads.data.leadsBySource).flat()).toLocaleString('en-GB')} new leads in 30 days` : undefined} />
      <div className="admin-overview">
        <OverviewCard title="New leads per day, by where they came from" state={leads}>
          {(data) => <LeadsChart data={data} />}
        </OverviewCard>
        <OverviewCard title="Tool runs per day" state={tools}>
          {(data) => <ToolRunsChart data={data} />}
        </OverviewCard>
        <OverviewCard title="Each engine's error rate (audits with no answer)" state={tools}>
          {(data) => <EngineErrors data={data} />}
        </OverviewCard>
        <OverviewCard title="Busiest queries" state={tools}>
          {(data) =>
            data.busiestQueries.length === 0 ? (
              <p className="empty-state">No audits in the last 30 days.</p>
            ) : (
              <ol className="admin-busiest">
                {data.busiestQueries.map((query) => (
                  <li key={query.query}>
                    <span>{query.query}</span> <span className="badge">{countLabel(query.runs, 'run')}</span>
                  </li>
                ))}
              </ol>
            )
          }
        </OverviewCard>
      </div>
    </>
  );
}

function OverviewCard<T>({ title, state, children }: { title: string; state: { data?: T; isPending: boolean; error: unknown }; children: (data: T) => ReactNode }) {
  return (
    <section className="admin-overview-card" aria-label={title}>
      <h3>{title}</h3>
      {state.data ? children(state.data) : state.isPending ? <p role="status">Loading...</p> : <p role="alert">Could not load: {serverText(state.error)}</p>}
    </section>
  );
}

function FiguresTable({ days, series }: { days: string[]; series: [string, number[]][] }) {
  return (
    <details className="admin-figures">
      <summary>Show the figures</summary>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map(([name]) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map(([name, values]) => (
                  <td key={name}>{values[index]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function LeadsChart({ data }: { data: LeadsOverview }) {
  const series = useMemo(
    () => (Object.entries(data.leadsBySource) as [SubscriberSource, number[]][]).map(([source, values]): [string, number[]] => [SUBSCRIBER_SOURCE_LABELS[source] ?? source, values]),
    [data],
  );
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: { labels: data.days.map(shortDay), datasets: series.map(([label, values], index) => ({ label, data: values, backgroundColor: COLOURS[index % COLOURS.length] })) },
      options: { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [data, series],
  );
  return (
    <>
      <OverviewChart config={config} label={`New leads per day for the last 30 days: ${series.map(([name, values]) => `${name} ${sum(values)}`).join(', ')}`} />
      <FiguresTable days={data.days} series={[...series, ['Contact messages', data.contactMessages]]} />
    </>
  );
}

function ToolRunsChart({ data }: { data: ToolsOverview }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: data.days.map(shortDay),
        datasets: [
          { label: 'AI Search Audit', data: data.auditRuns, borderColor: COLOURS[0], backgroundColor: COLOURS[0] },
          { label: 'Semantic Expansion', data: data.fanOutRuns, borderColor: COLOURS[2], backgroundColor: COLOURS[2] },
        ],
      },
      options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [data],
  );
  return (
    <>
      <OverviewChart config={config} label={`Tool runs per day: ${countLabel(sum(data.auditRuns), 'audit')} and ${countLabel(sum(data.fanOutRuns), 'semantic expansion')} in 30 days`} />
      <FiguresTable
        days={data.days}
        series={[
          ['AI Search Audit', data.auditRuns],
          ['Semantic Expansion', data.fanOutRuns],
        ]}
      />
    </>
  );
}

function EngineErrors({ data }: { data: ToolsOverview }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: data.engines.map((engine) => ENGINE_LABELS[engine.engine] ?? engine.engine),
        datasets: [
          {
            label: 'Error rate (%)',
            data: data.engines.map((engine) => (engine.audits === 0 ? 0 : (engine.unanswered / engine.audits) * 100)),
            backgroundColor: COLOURS[3],
          },
        ],
      },
      options: { indexAxis: 'y', scales: { x: { beginAtZero: true, max: 100 } } },
    }),
    [data],
  );
  return (
    <>
      <OverviewChart config={config} label={`Error rate per engine: ${data.engines.map((engine) => `${ENGINE_LABELS[engine.engine] ?? engine.engine} ${percent(engine.unanswered, engine.audits)}`).join(', ')}`} />
      <table className="admin-table admin-engine-table">
        <thead>
          <tr>
            <th scope="col">Engine</th>
            <th scope="col">Audits</th>
            <th scope="col">No answer</th>
            <th scope="col">Error rate</th>
          </tr>
        </thead>
        <tbody>
          {data.engines.map((engine) => (
            <tr key={engine.engine}>
              <th scope="row">{ENGINE_LABELS[engine.engine] ?? engine.engine}</th>
              <td>{engine.audits.toLocaleString('en-GB')}</td>
              <td>{engine.unanswered.toLocaleString('en-GB')}</td>
              <td>{percent(engine.unanswered, engine.audits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
