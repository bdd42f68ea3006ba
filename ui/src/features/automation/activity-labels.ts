/** Words for the activity feed's `action` codes (automation_activity.action), as a person says them. */
const labels: Record<string, string> = {
  account_connected: 'Account connected',
  account_disconnected: 'Account disconnected',
  account_needs_reconnect: 'Account needs reconnecting',
  account_token_expiring: 'Account access expiring',
  automation_started: 'Automation started',
  comment_received: 'Comment received',
  comment_contact_opted_out: 'Comment not answered (opted out)',
  comment_contact_paused: 'Comment not answered (a teammate took over)',
  dm_contact_paused: 'DM not answered by automation (a teammate took over)',
  comment_workspace_suspended: 'Comment not answered (workspace suspended)',
  dm_workspace_suspended: 'DM not answered by automation (workspace suspended)',
  comment_rule_matched: 'Comment rule replied',
  contact_already_opted_out: 'Opt-out repeated',
  contact_opted_in: 'Contact opted back in',
  contact_opted_out: 'Contact opted out',
  dm_contact_opted_out: 'DM not answered (opted out)',
  dm_received: 'DM received',
  flow_skipped_rule_answered: 'Flow skipped (a rule replied)',
  rule_created: 'Comment rule created',
  send_failed: 'Send failed',
  webhook_subscribed: 'Webhooks connected',
  webhook_subscription_failed: 'Webhooks could not be connected',
};

/** A code nobody listed yet still reads as words: "new_thing" → "New thing" (DM kept upper-case). */
export function activityLabel(action: string): string {
  const known = labels[action];
  if (known) return known;
  const words = action
    .split('_')
    .filter(Boolean)
    .join(' ')
    .replace(/\bdm\b/gi, 'DM');
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Activity';
}
