import { createRoute } from '@tanstack/react-router';
import { readPreviewSearch } from '../../api/preview-queries';
import { caseStudyQuery } from '../../api/case-study-queries';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { articleRecord, breadcrumbRecord } from '../../seo/structured-data';
import { summarise } from '../../format/summarise';
import { ensureOrNotFound } from '../ensure-or-not-found';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { SOCIAL_IMAGE_SIZE, socialImageAlt, socialImagePath } from '../../seo/social-image';
import { CaseStudyMissing } from './-components/case-study-missing';
import { CaseStudySkeleton } from './-components/case-study-skeleton';

export const caseStudyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search-lab/$slug',
  // `?preview=1`: a signed-in admin's view of a draft (see blog-post.route.tsx).
  validateSearch: readPreviewSearch,
  loaderDeps: ({ search }) => ({ preview: search.preview === true }),
  loader: ({ context, params, deps }) => (deps.preview ? undefined : ensureOrNotFound(context.queryClient, caseStudyQuery(params.slug))),
  head: ({ match, params }) => {
    const site = match.context.siteConfig;
    if (match.search.preview) {
      return buildPageHead({ title: `Preview | ${site.brandName}`, description: 'A preview for staff.', path: `/search-lab/${params.slug}`, robots: 'noindex, nofollow' }, site);
    }
    const entry = match.context.queryClient.getQueryData(caseStudyQuery(params.slug).queryKey);
    if (!entry) {
      return buildPageHead(
        {
          title: `Entry Not Found | ${site.brandName}`,
          description: "The case study you're looking for doesn't exist or has been moved.",
          path: `/search-lab/${params.slug}`,
          robots: NOINDEX_ROBOTS,
          canonical: false,
        },
        site,
      );
    }
    const path = `/search-lab/${entry.slug}`;
    const socialImage = socialImagePath('search-lab', entry.slug);
    const description = entry.metaDescription ?? summarise(entry.summary);
    return buildPageHead(
      {
        title: entry.metaTitle ?? `${entry.title} | LLM Search Lab | ${site.brandName}`,
        description,
        path,
        ogTitle: entry.metaTitle ?? entry.title,
        ogType: 'article',
        ogImage: socialImage,
        ogImageAlt: socialImageAlt(entry.title, 'LLM Search Lab', site.brandName),
        ogImageSize: SOCIAL_IMAGE_SIZE,
        twitterCard: 'summary_large_image',
        keywords: ['LLM Search Lab', 'AI search case study', 'ChatGPT recommendations', 'AI visibility'],
        aiSummary: summarise(entry.summary, 300),
        aiKeyFacts: ['Case study from the LLM Search Lab', 'Links to the original ChatGPT conversation'],
        aiEntitiesCompanies: [site.brandName, 'OpenAI'],
        publishedTime: entry.createdAt,
        modifiedTime: entry.updatedAt,
        articleSection: 'LLM Search Lab',
        schema: [
          breadcrumbRecord(site, [
            { name: 'Search Lab', path: '/search-lab' },
            { name: entry.title, path },
          ]),
          articleRecord(site, {
            headline: entry.title,
            description: entry.summary,
            path,
            datePublished: entry.caseDate ?? entry.createdAt,
            dateModified: entry.updatedAt,
            image: { url: socialImage, ...SOCIAL_IMAGE_SIZE },
            section: 'LLM Search Lab',
          }),
        ],
      },
      site,
    );
  },
  pendingComponent: CaseStudySkeleton,
  notFoundComponent: CaseStudyMissing,
  errorComponent: CaseStudyMissing,
  ...lazyPage('./search-lab/-components/case-study-page.tsx'),
});
