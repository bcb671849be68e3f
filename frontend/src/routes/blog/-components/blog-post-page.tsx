import type { BlogPost } from '@agency/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { blogPostQuery } from '../../../api/blog-post-queries';
import { blogPostPreviewQuery } from '../../../api/preview-queries';
import { ArticleNextSteps } from '../../../components/article-next-steps';
import { ArrowLeftIcon } from '../../../components/icons';
import { PostMeta } from '../../../components/post-card';
import { PostImage } from '../../../components/post-image';
import { PreviewBanner, PreviewNotice } from '../../../components/preview-banner';
import { useSiteConfig } from '../../../config/use-site-config';
import { LightMarkup } from '../../../markup/light-markup';

const route = getRouteApi('/blog/$postId');

export default function BlogPostPage() {
  const { postId } = route.useParams();
  const { preview } = route.useSearch();
  return preview ? <BlogPostPreview postId={postId} /> : <PublishedBlogPost postId={postId} />;
}

function PublishedBlogPost({ postId }: { postId: string }) {
  const { data: post } = useSuspenseQuery(blogPostQuery(postId));
  return <BlogPostArticle post={post} />;
}

function BlogPostPreview({ postId }: { postId: string }) {
  const { data: post, isPending, isError } = useQuery(blogPostPreviewQuery(postId));
  if (isPending) return <PreviewNotice signedOut={false} />;
  if (isError || !post) return <PreviewNotice signedOut />;
  return (
    <>
      <PreviewBanner published={post.published} publishAt={post.datePosted} />
      <BlogPostArticle post={post} />
    </>
  );
}

/** The post as visitors read it; the editor's live preview and the preview page show the same. */
export function BlogPostArticle({ post }: { post: Pick<BlogPost, 'id' | 'title' | 'excerpt' | 'content' | 'category' | 'image' | 'imageAlt' | 'readTime' | 'datePosted'> }) {
  const site = useSiteConfig();
  return (
    <article className="article-page">
      <header className="container narrow article-header">
        <Link to="/blog" className="back-link">
          <ArrowLeftIcon width={18} height={18} /> Back to Blog
        </Link>
        <div>
          <span className="badge">{post.category}</span>
        </div>
        <h1>{post.title}</h1>
        <p className="article-excerpt">
          <LightMarkup source={post.excerpt} siteUrl={site.siteUrl} />
        </p>
        <PostMeta post={post} />
      </header>
      <div className="container narrow">
        <PostImage src={post.image} alt={post.imageAlt ?? post.title} className="article-image" eager seed={post.id} />
        <div className="prose">
          <LightMarkup source={post.content} siteUrl={site.siteUrl} />
        </div>
        <ArticleNextSteps
          className="cta-band article-cta"
          title="Want to know what AI says about your brand?"
          text="Run the free AI Search Audit, or talk to our team about a plan for your category."
        />
      </div>
    </article>
  );
}
