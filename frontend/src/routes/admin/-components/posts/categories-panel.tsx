import { useQuery } from '@tanstack/react-query';
import type { Category } from '@agency/shared';
import { adminCategoriesQuery } from '../../../../api/admin-queries';
import { CategoryDialog } from './category-dialog';
import { categoryResource } from '../shared/content-resources';
import { CrudPanel } from '../shared/crud-panel';
import { ListToolbar } from '../shared/list-toolbar';
import { useListControls } from '../shared/use-list-controls';

export function CategoriesPanel() {
  const controls = useListControls({ pageSize: 50 });
  return (
    <CrudPanel<Category>
      title="Categories"
      result={useQuery(adminCategoriesQuery(controls.params))}
      controls={controls}
      toolbar={<ListToolbar controls={controls} searchLabel="Search categories" searchPlaceholder="Name" />}
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
