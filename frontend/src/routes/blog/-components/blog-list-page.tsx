import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { blogPostsQuery } from '../../../api/blog-post-queries';
import { categoriesQuery } from '../../../api/category-queries';
import { NewsletterBox } from '../../../components/newsletter-box';
import { PostCard, PostCardSkeleton } from '../../../components/post-card';
import { ALL_CATEGORIES, arrangePosts } from './arrange-posts';

function CategoryFilter({ selected, onSelect }: { selected: string | null; onSelect: (category: string | null) => void }) {
  const categories = useQuery(categoriesQuery());
  const chip = (label: string, value: string | null) => (
    <li key={label}>
      <button type="button" className="chip" aria-pressed={selected === value} onClick={() => onSelect(value)}>
        {label}
      </button>
    </li>
  );
  return (
    <div className="filter-bar">
      <h2 className="visually-hidden">Filter by category</h2>
      <ul className="chip-list" aria-busy={categories.isPending}>
        {chip('All', ALL_CATEGORIES)}
        {categories.data?.map((category) => chip(category.name, category.name))}
      </ul>
    </div>
  );
}

function PostsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading articles">
      <div className="grid grid-3">
        {Array.from({ length: 6 }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

export default function BlogListPage() {
  const [category, setCategory] = useState<string | null>(ALL_CATEGORIES);
  const posts = useQuery(blogPostsQuery());
  const { featured, grid } = arrangePosts(posts.data ?? [], category);

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Blog</p>
          <h1>Insights on AI Search and Amazon</h1>
          <p className="lede">
            Practical articles on winning visibility in AI assistants, growing on Amazon and getting more from retail media.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <CategoryFilter selected={category} onSelect={setCategory} />
          {posts.isPending ? (
            <PostsSkeleton />
          ) : (
            <>
              {featured ? <PostCard post={featured} headingLevel={2} featured /> : null}
              {grid.length > 0 ? (
                <div className="grid grid-3">
                  {grid.map((post) => (
                    <PostCard key={post.id} post={post} headingLevel={2} />
                  ))}
                </div>
              ) : featured ? null : (
                <p className="empty-state">No posts found in this category.</p>
              )}
            </>
          )}
          <NewsletterBox />
        </div>
      </section>
    </>
  );
}
