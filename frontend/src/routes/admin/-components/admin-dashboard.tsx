import { useMutation } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { logoutAdmin } from '../../../api/admin-session';
import { useSiteConfig } from '../../../config/use-site-config';
import { ActivityPanel } from './activity-panel';
import { LogoutIcon } from './admin-icons';
import { errorToast, serverText } from './admin-resource';
import { AuditRecordsPanel } from './audit-records-panel';
import { BlogPostsPanel } from './blog-posts-panel';
import { CategoriesPanel } from './categories-panel';
import { ContactMessagesPanel } from './contact-messages-panel';
import { EmailsPanel } from './emails-panel';
import { ErasePersonDialog } from './erase-person-dialog';
import { FanOutRecordsPanel } from './fan-out-records-panel';
import { ImageAnalysesPanel } from './image-analyses-panel';
import { SearchLabPanel } from './search-lab-panel';
import { SubscribersPanel } from './subscribers-panel';
import { VideosPanel } from './videos-panel';

/** The charts and their library are a chunk of their own, fetched when the Overview tab first shows. */
const OverviewPanel = lazy(() => import('./overview-panel'));

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

/** The admin tabs in their fixed order: Overview first, then SPEC's tabs, Subscribers, Emails and Activity last. A tab's list loads when the tab is first shown. */
const TABS: { value: string; label: string; Panel: ComponentType }[] = [
  { value: 'overview', label: 'Overview', Panel: LazyOverview },
  { value: 'blog-posts', label: 'Blog Posts', Panel: BlogPostsPanel },
  { value: 'categories', label: 'Categories', Panel: CategoriesPanel },
  { value: 'llm-queries', label: 'LLM Queries', Panel: AuditRecordsPanel },
  { value: 'semantic-expansion', label: 'Semantic Expansion', Panel: FanOutRecordsPanel },
  { value: 'image-analyses', label: 'Image Analyses', Panel: ImageAnalysesPanel },
  { value: 'search-lab', label: 'Search Lab', Panel: SearchLabPanel },
  { value: 'youtube-videos', label: 'YouTube Videos', Panel: VideosPanel },
  { value: 'contact-messages', label: 'Contact Messages', Panel: ContactMessagesPanel },
  { value: 'subscribers', label: 'Subscribers', Panel: SubscribersPanel },
  { value: 'emails', label: 'Emails', Panel: EmailsPanel },
  { value: 'activity', label: 'Activity', Panel: ActivityPanel },
];

export function AdminDashboard() {
  const site = useSiteConfig();
  const [erasing, setErasing] = useState(false);
  const logout = useMutation({
    mutationFn: logoutAdmin,
    onError: (error) => errorToast(`Failed to log out: ${serverText(error)}`),
  });
  return (
    <section className="section admin-section">
      <div className="container">
        <div className="admin-head">
          <div>
            <p className="eyebrow">{site.brandName} Admin</p>
            <h1 className="admin-title">Content Management</h1>
          </div>
          <div className="admin-head-actions">
            <button type="button" className="btn btn-secondary btn-small btn-danger-outline" onClick={() => setErasing(true)}>
              Erase person
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogoutIcon /> Logout
            </button>
          </div>
        </div>
        <Tabs.Root defaultValue={TABS[0]!.value} className="admin-tabs">
          <Tabs.List className="admin-tab-list" aria-label="Content sections">
            {TABS.map(({ value, label }) => (
              <Tabs.Trigger key={value} value={value} className="admin-tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="admin-panel">
              <Panel />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
      {erasing ? <ErasePersonDialog onClose={() => setErasing(false)} /> : null}
    </section>
  );
}
