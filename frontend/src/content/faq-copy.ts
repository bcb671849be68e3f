// The FAQ copy is shared with the content service's site search.
export { faqGroups } from '@agency/shared';
