import { faqGroups } from '../../../content/faq-copy';
import type { FaqGroup } from '../../../content/site-copy-types';

/** Groups without questions exist in the copy but are left off the page. */
export function visibleFaqGroups(groups: FaqGroup[] = faqGroups): FaqGroup[] {
  return groups.filter((group) => group.items.length > 0);
}
