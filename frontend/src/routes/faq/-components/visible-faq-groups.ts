import { faqGroups } from '../../../content/faq-copy';
import type { FaqGroup } from '../../../content/site-copy-types';

/**
 * Groups without questions exist in the copy but are left off the page. In demo mode an answer
 * with a demo-mode wording (where the tools' answers come from) gives that one.
 */
export function visibleFaqGroups(groups: FaqGroup[] = faqGroups, demoMode = false): FaqGroup[] {
  return groups
    .filter((group) => group.items.length > 0)
    .map((group) => ({
      ...group,
      items: group.items.map(({ demoModeAnswer, ...item }) => (demoMode && demoModeAnswer ? { ...item, answer: demoModeAnswer } : item)),
    }));
}
