import { useMutation } from '@tanstack/react-query';
import { useMatches, useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { logoutAdmin } from '../../../../api/admin-session';
import { useSiteConfig } from '../../../../config/use-site-config';
import { ADMIN_SECTIONS, type AdminSectionSlug } from '../../admin-sections';
import { ActivityPanel } from '../overview/activity-panel';
import { LogoutIcon } from '../shared/admin-icons';
import { errorToast, serverText } from '../shared/admin-resource';
import { AuditRecordsPanel } from '../tool-records/audit-records-panel';
import { BlogPostsPanel } from '../posts/blog-posts-panel';
import { CategoriesPanel } from '../posts/categories-panel';
import { ContactMessagesPanel } from '../people/contact-messages-panel';
import { EmailsPanel } from '../emails/emails-panel';
import { ErasePersonDialog } from '../people/erase-person-dialog';
import { SemanticExpansionRecordsPanel } from '../tool-records/semantic-expansion-records-panel';
import { ImageAnalysesPanel } from '../tool-records/image-analyses-panel';
import { CrawlerLogsPanel } from '../tool-records/crawler-logs-panel';
import { PersonView } from '../people/person-view';
import { CaseStudiesPanel } from '../case-studies/case-studies-panel';
import { SubscribersPanel } from '../people/subscribers-panel';
import { TrackedQuestionsPanel } from '../tool-records/tracked-questions-panel';
import { VideosPanel } from '../videos/videos-panel';

/** The charts and their library are a chunk of their own, fetched when the Overview tab first shows. */
const OverviewPanel = lazy(() => import('../overview/overview-panel'));

function LazyOverview() {
  return (
    <Suspense
      fallback={
        <p className="admin-status" role="status">
          Loading overview...
        </p>
      }
    >
      <OverviewPanel />
    </Suspense>
  );
}

const PANELS: Record<AdminSectionSlug, ComponentType> = {
  posts: BlogPostsPanel,
  categories: CategoriesPanel,
  audits: AuditRecordsPanel,
  'semantic-expansion': SemanticExpansionRecordsPanel,
  'image-analyses': ImageAnalysesPanel,
  'crawler-logs': CrawlerLogsPanel,
  'tracked-questions': TrackedQuestionsPanel,
  'search-lab': CaseStudiesPanel,
  videos: VideosPanel,
  'contact-messages': ContactMessagesPanel,
  subscribers: SubscribersPanel,
  emails: EmailsPanel,
  overview: LazyOverview,
  activity: ActivityPanel,
};

/** What the address shows: a tab (`/admin` is the first), or the person view at `/admin/people`. */
function useAdminView(): { kind: 'tab'; slug: AdminSectionSlug } | { kind: 'person'; email: string } {
  const leaf = useMatches({ select: (matches) => ({ routeId: matches.at(-1)?.routeId ?? '', search: matches.at(-1)?.search as { email?: string } | undefined }) });
  if (leaf.routeId === '/admin/people') return { kind: 'person', email: leaf.search?.email ?? '' };
  const slug = ADMIN_SECTIONS.find((section) => leaf.routeId === `/admin/${section.slug}`)?.slug;
  return { kind: 'tab', slug: slug ?? ADMIN_SECTIONS[0].slug };
}

export function AdminDashboard() {
  const site = useSiteConfig();
  const navigate = useNavigate();
  const view = useAdminView();
  const [erasing, setErasing] = useState(false);
  const logout = useMutation({
    mutationFn: logoutAdmin,
    onError: (error) => errorToast(`Failed to log out: ${serverText(error)}`),
  });
  // Each tab is an address: choosing one is a navigation, so Back returns to the previous tab.
  const openSection = (slug: string) => void navigate({ to: `/admin/${slug}` });
  return (
    <section className="section admin-section">
      <div className="container">
        <div className="admin-head">
          <div>
            <p className="eyebrow">{site.brandName} Admin</p>
            <h1 className="admin-title">Content Management</h1>
          </div>
          <div className="admin-head-actions">
            <a className="btn btn-secondary btn-small" href="/">
              View site
            </a>
            <button type="button" className="btn btn-secondary btn-small btn-danger-outline" onClick={() => setErasing(true)}>
              Erase person
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogoutIcon /> Logout
            </button>
          </div>
        </div>
        <Tabs.Root value={view.kind === 'tab' ? view.slug : ''} onValueChange={openSection} className="admin-tabs">
          <Tabs.List className="admin-tab-list" aria-label="Content sections" data-keeps-focus>
            {ADMIN_SECTIONS.map(({ slug, label }) => (
              <Tabs.Trigger key={slug} value={slug} className="admin-tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {ADMIN_SECTIONS.map(({ slug }) => {
            const Panel = PANELS[slug];
            return (
              <Tabs.Content key={slug} value={slug} className="admin-panel">
                <Panel />
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
        {view.kind === 'person' ? <PersonView email={view.email} /> : null}
      </div>
      {erasing ? <ErasePersonDialog onClose={() => setErasing(false)} /> : null}
    </section>
  );
}
