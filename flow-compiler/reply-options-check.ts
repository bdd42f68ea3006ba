import type { NodeConfig, NodeKind } from '../contracts/flows';
import { META_BUTTON_TEXT_MAX, META_MAX_QUICK_REPLIES } from '../contracts/reply-options';

export type DmConfig = NodeConfig<'instagramDM'>;

/**
 * A DM node's quick replies and buttons against what its channel carries (docs/platform-apis.md
 * §2.5, §4.2), as plain-English publish errors. Each list's own limit (13, 3, 20 characters) is the
 * config schema's; these are the rules across fields and channels.
 */
export function replyOptionsErrors(kind: NodeKind, config: Pick<DmConfig, 'text' | 'quickReplies' | 'contactQuickReplies' | 'buttons'>): string[] {
  const quick = config.quickReplies.length + config.contactQuickReplies.length;
  const buttons = config.buttons.length;
  if (kind === 'twitterDM') {
    return quick + buttons > 0 ? ["X's direct message API has no quick replies or buttons: remove them, or send this message on Instagram or Messenger"] : [];
  }
  const errors: string[] = [];
  if (quick > META_MAX_QUICK_REPLIES) {
    errors.push(
      `Instagram and Messenger show at most ${META_MAX_QUICK_REPLIES} quick replies on a message, and this one has ${quick} (the email and phone ones count)`,
    );
  }
  if (buttons > 0 && quick > 0) errors.push('Use quick replies or buttons on one message, not both: send the buttons in a message of their own');
  if (buttons > 0 && [...config.text].length > META_BUTTON_TEXT_MAX) {
    errors.push(`A message with buttons is limited to ${META_BUTTON_TEXT_MAX} characters (this one has ${[...config.text].length})`);
  }
  return errors;
}
