import type { TemplateDifficulty, TemplatePlatform, TemplateTriggerType } from '@contracts/templates';
import type { BadgeTone } from '../../components/badge';
import type { IconName } from '../../components/icon';

export const difficultyLabels: Record<TemplateDifficulty, { label: string; tone: BadgeTone }> = {
  beginner: { label: 'Beginner', tone: 'success' },
  intermediate: { label: 'Intermediate', tone: 'info' },
  advanced: { label: 'Advanced', tone: 'warning' },
  expert: { label: 'Expert', tone: 'danger' },
};

export const platformLabels: Record<TemplatePlatform, { label: string; icon: IconName }> = {
  instagram: { label: 'Instagram', icon: 'instagram' },
  facebook: { label: 'Messenger', icon: 'facebook' },
  twitter: { label: 'X (Twitter)', icon: 'x-brand' },
};

export const triggerLabels: Record<TemplateTriggerType, string> = {
  keyword_dm: 'Keyword DM',
  comment: 'Comment',
  story_reply: 'Story reply',
  story_mention: 'Story mention',
  postback: 'Ice breaker / menu tap',
  referral: 'Growth link',
};

/** "25%" or, below the minimum sample, the honest answer. */
export function conversionLabel(rate: number | null): string {
  return rate === null ? 'Not enough data' : `${rate}%`;
}
