import { useQuery } from '@tanstack/react-query';
import type { Category } from '@agency/shared';
import { categoriesQuery } from '../../../api/category-queries';
import { CategoryDialog } from './category-dialog';
import { categoryResource } from './content-resources';
import { CrudPanel } from './crud-panel';

export function CategoriesPanel() {
  return (
    <CrudPanel<Category>
      title="Categories"
      result={useQuery(categoriesQuery())}
      loadingText="Loading categories..."
      emptyText="No categories yet. Blog posts need one: create it with New Category."
      newLabel="New Category"
      noun="category"
      resource={categoryResource}
      nameOf={(category) => category.name}
      renderDetails={(category) => <p className="admin-record-text">{category.description || 'No description.'}</p>}
      Dialog={CategoryDialog}
      grid
    />
  );
}
