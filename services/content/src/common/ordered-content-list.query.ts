import { ADMIN_LIST_SORTS } from '@agency/shared';
import { AdminListQuery } from '@agency/server-kit';
import { IsIn, IsOptional } from 'class-validator';

type OrderedSort = (typeof ADMIN_LIST_SORTS.searchLabEntries)[number];

/** GET /api/admin/search-lab-entries and youtube-videos: paging, search (title), status filter, sort (position by default). */
export class OrderedContentListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(['published', 'draft'], { message: 'status must be published or draft.' })
  status?: 'published' | 'draft';

  @IsOptional()
  @IsIn(ADMIN_LIST_SORTS.searchLabEntries, { message: `sort must be one of ${ADMIN_LIST_SORTS.searchLabEntries.join(', ')}.` })
  sort: OrderedSort = 'position';
}
