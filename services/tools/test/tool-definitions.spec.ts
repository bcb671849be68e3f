import { describe, expect, it } from '@jest/globals';
import { TOOLS_ENTITIES } from '../src/database/data-source-options.js';
import { toolDeadlines } from '../src/jobs/tool-deadlines.js';
import { currentJobName, isToolJobName, TOOL_JOB_NAMES, toolJobData } from '../src/jobs/tool-jobs.js';
import { TOOLS } from '../src/tools/tools.js';

describe('the tools, each from its one definition', () => {
  it('names one job, one entity, one admin address and one person-view list per tool, none twice', () => {
    const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;
    expect(TOOL_JOB_NAMES).toEqual(['audit', 'semantic-expansion', 'image', 'crawler-log']);
    expect(TOOL_JOB_NAMES.every(isToolJobName)).toBe(true);
    expect(TOOLS_ENTITIES).toHaveLength(TOOLS.length);
    for (const values of [TOOL_JOB_NAMES, TOOLS_ENTITIES, TOOLS.map((tool) => tool.record.adminPath), TOOLS.map((tool) => tool.record.personKey)]) {
      expect(distinct(values)).toBe(true);
    }
    // Today's admin addresses, kept as they were.
    expect(TOOLS.map((tool) => tool.record.adminPath)).toEqual(['llm-queries', 'query-fan-out-requests', 'image-analyses', 'crawler-log-analyses']);
  });

  it('takes a job queued under the Semantic Expansion job’s former name (fan-out) as a semantic-expansion job, and no unknown name', () => {
    expect(currentJobName('fan-out')).toBe('semantic-expansion');
    expect(currentJobName('semantic-expansion')).toBe('semantic-expansion');
    expect(currentJobName('audit')).toBe('audit');
    expect(currentJobName('crawl')).toBeUndefined();
    expect(isToolJobName('fan-out')).toBe(false);
  });

  it('checks a job’s data against its tool’s payload, keeps the request extras and drops anything else', () => {
    const data = { keyword: 'oat milk', website: 'https://shop.example/', email: 'ada@example.com', progressId: 'p1', requestId: 'r1', extra: 'x' };
    expect(toolJobData('semantic-expansion', data)).toEqual({ keyword: 'oat milk', website: 'https://shop.example/', email: 'ada@example.com', progressId: 'p1', requestId: 'r1' });
    expect(toolJobData('semantic-expansion', { keyword: 'oat milk', email: 'ada@example.com' })).toBeUndefined();
    expect(toolJobData('audit', data)).toBeUndefined();
    expect(toolJobData('image', { email: 'ada@example.com', uploadKey: 'tools:upload:1' })).toEqual({ email: 'ada@example.com', uploadKey: 'tools:upload:1' });
  });

  it('gives each tool its deadline from its own formula', () => {
    expect(toolDeadlines(10_000, 20_000)).toEqual({ audit: 40_000, 'semantic-expansion': 45_000, image: 35_000, 'crawler-log': 80_000 });
    expect(toolDeadlines(45_000, 30_000)['semantic-expansion']).toBe(115_000);
  });
});
