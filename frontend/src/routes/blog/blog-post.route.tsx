import { createRoute } from '@tanstack/react-router';
import { blogPostQuery } from '../../api/blog-post-queries';
import { readPreviewSearch } from '../../api/preview-queries';
import { formatLongDate, readTimeLabel } from '../../format/date-format';
import { markupToPlainText } from '../../markup/light-markup-parser';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { articleRecord, breadcrumbRecord } from '../../seo/structured-data';
import { summarise } from '../../format/summarise';
import { ensureOrNotFound } from '../ensure-or-not-found';
import { lazyPage } from '../page-modules';
import { coverImageUrl } from '../../seo/cover-image';
import { rootRoute } from '../root-route';
import { SOCIAL_IMAGE_SIZE, socialImageAlt, socialImagePath } from '../../seo/social-image';
import { BlogPostMissing } from './-components/blog-post-missing';
import { BlogPostSkeleton } from './-components/blog-post-skeleton';

export const blogPostRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog/$postId',
  // `?preview=1`: a signed-in admin's view of a draft or scheduled post, loaded in the browser with
  // the session (never in the server render, so nothing private is rendered or cached).
  validateSearch: readPreviewSearch,
  loaderDeps: ({ search }) => ({ preview: search.preview === true }),
  loader: ({ context, params, deps }) => (deps.preview ? undefined : ensureOrNotFound(context.queryClient, blogPostQuery(params.postId))),
  head: ({ match, params }) => {
    const site = match.context.siteConfig;
    if (match.search.preview) {
      return buildPageHead({ title: `Preview | ${site.brandName}`, description: 'A preview for staff.', path: `/blog/${params.postId}`, robots: 'noindex, nofollow' }, site);
    }
    const post = match.context.queryClient.getQueryData(blogPostQuery(params.postId).queryKey);
    if (!post) {
      return buildPageHead(
        {
          title: `Blog Post Not Found | ${site.brandName}`,
          description: "The blog post you're looking for doesn't exist or has been moved.",
          path: `/blog/${params.postId}`,
          robots: NOINDEX_ROBOTS,
          canonical: false,
        },
        site,
      );
    }
    const path = `/blog/${post.slug}`;
    const socialImage = socialImagePath('blog', post.slug);
    const cover = coverImageUrl(post.image);
    const excerpt = markupToPlainText(post.excerpt);
    // The post's own search fields when set (the editor's "Search and social" section).
    const description = post.metaDescription ?? summarise(excerpt);
    return buildPageHead(
      {
        title: post.metaTitle ?? `${post.title} | ${site.brandName}`,
        description,
        path,
        ogTitle: post.metaTitle ?? post.title,
        ogType: 'article',
        // The cover when the post has one, else its generated card (title and category).
        ogImage: cover ?? socialImage,
        ogImageAlt: cover ? (post.imageAlt ?? post.title) : socialImageAlt(post.title, post.category, site.brandName),
        ogImageSize: cover ? undefined : SOCIAL_IMAGE_SIZE,
        twitterCard: 'summary_large_image',
        keywords: [post.category, 'AI search', 'LLM visibility', 'Amazon', 'eCommerce'],
        aiSummary: summarise(excerpt, 300),
        aiKeyFacts: [`Published ${formatLongDate(post.datePosted)}`, `Category: ${post.category}`, readTimeLabel(post.readTime)],
        publishedTime: post.datePosted,
        modifiedTime: post.updatedAt,
        articleSection: post.category,
        schema: [
          breadcrumbRecord(site, [
            { name: 'Blog', path: '/blog' },
            { name: post.title, path },
          ]),
          articleRecord(site, {
            headline: post.title,
            description,
            path,
            datePublished: post.datePosted,
            dateModified: post.updatedAt,
            image: cover ? { url: cover } : { url: socialImage, ...SOCIAL_IMAGE_SIZE },
            section: post.category,
          }),
        ],
      },
      site,
    );
  },
  pendingComponent: BlogPostSkeleton,
  notFoundComponent: BlogPostMissing,
  errorComponent: BlogPostMissing,
  ...lazyPage('./blog/-components/blog-post-page.tsx'),
});
