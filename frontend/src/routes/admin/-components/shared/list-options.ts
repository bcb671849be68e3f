import type { ListFilter } from './list-toolbar';

/** The choices the tabs' toolbars offer; each maps to a filter or sort the services index. */

export const PUBLISHED_FILTER: ListFilter = {
  name: 'status',
  label: 'Status',
  options: [
    ['', 'All'],
    ['published', 'Published'],
    ['draft', 'Draft'],
  ],
};

export const CONTACT_STATUS_FILTER: ListFilter = {
  name: 'status',
  label: 'Status',
  options: [
    ['', 'All'],
    ['new', 'New'],
    ['handled', 'Handled'],
    ['archived', 'Archived'],
  ],
};

export const NEWEST_OLDEST: [string, string][] = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
];

export const POSITION_SORTS: [string, string][] = [
  ['position', 'Position'],
  ['newest', 'Newest first'],
  ['title', 'Title A–Z'],
];
