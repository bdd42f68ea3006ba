import { defaultSendLimits, type SendKind } from '../../contracts/inbound';
import type { SendLimit } from './reserve-send-slot';

export type SendLimits = Record<SendKind, SendLimit>;

export function sendLimitsFromConfig(config: { privateRepliesPerHour: number }): SendLimits {
  return {
    ...defaultSendLimits,
    private_reply: { perHour: config.privateRepliesPerHour, burst: defaultSendLimits.private_reply.burst },
  };
}
