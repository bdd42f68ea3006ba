import type { NodeKind } from '@contracts/flows';
import type { IconName } from '../../../components/icon';

export const kindIcon: Record<NodeKind, IconName> = {
  trigger: 'zap',
  instagramDM: 'instagram',
  messengerDM: 'facebook',
  twitterDM: 'x-brand',
  publicReply: 'message',
  delay: 'clock',
  waitForReply: 'inbox',
  askQuestion: 'message',
  followGate: 'users',
  bookTime: 'clock',
  condition: 'workflow',
  randomizer: 'sparkles',
  webhook: 'link',
  aiReply: 'bot',
  addTag: 'plus',
  removeTag: 'x',
  setField: 'database',
  trackConversion: 'chart',
  captureLead: 'mail',
  enrollSequence: 'layers',
  complete: 'check-circle',
};
