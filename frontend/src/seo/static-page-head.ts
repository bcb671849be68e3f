import type { SiteConfig } from '../config/site-config';
import { pageMeta, type StaticRoutePath } from '../content/page-meta-copy';
import { buildPageHead, type PageHead, type PageMeta } from './page-head';
import { breadcrumbRecord } from './structured-data';

/** Head of a fixed page: its copy from page-meta-copy, a breadcrumb trail and any records of its own. */
export function staticPageHead(
  path: StaticRoutePath,
  site: SiteConfig,
  options: { breadcrumb?: string; extra?: Partial<PageMeta> } = {},
): PageHead {
  const copy = pageMeta[path];
  if (!copy) throw new Error(`No page metadata for ${path}`);
  const breadcrumb = path === '/' ? [] : [breadcrumbRecord(site, [{ name: options.breadcrumb ?? copy.title, path }])];
  return buildPageHead(
    {
      ...copy,
      path,
      ...options.extra,
      schema: [...breadcrumb, ...(options.extra?.schema ?? [])],
    },
    site,
  );
}
