/**
 * The node kinds and their palette metadata. No zod here, so a chunk that only needs labels (the
 * Runs view) can import this file without the config schemas.
 */

export const nodeKinds = [
  'trigger',
  'instagramDM',
  'messengerDM',
  'twitterDM',
  'publicReply',
  'delay',
  'condition',
  'waitForReply',
  'randomizer',
  'webhook',
  'aiReply',
  'addTag',
  'removeTag',
  'setField',
  'trackConversion',
  'captureLead',
  'askQuestion',
  'followGate',
  'enrollSequence',
  'bookTime',
  'complete',
] as const;
export type NodeKind = (typeof nodeKinds)[number];

/** Palette metadata: label, platform and description (docs/product-spec.md §3 node kinds, plus the added ones). */
export const nodeKindInfo: Record<NodeKind, { label: string; platform: 'multi' | 'instagram' | 'twitter' | 'facebook'; description: string }> = {
  trigger: { label: 'Trigger', platform: 'multi', description: 'Start point for your automation' },
  twitterDM: { label: 'Twitter DM', platform: 'twitter', description: 'Send direct message on Twitter' },
  instagramDM: { label: 'Instagram DM', platform: 'instagram', description: 'Send direct message on Instagram' },
  messengerDM: { label: 'Messenger DM', platform: 'facebook', description: 'Send a message on Facebook Messenger' },
  publicReply: { label: 'Public Reply', platform: 'multi', description: 'Reply publicly to the triggering comment' },
  delay: { label: 'Delay Timer', platform: 'multi', description: 'Wait for specified time' },
  condition: { label: 'Conditional', platform: 'multi', description: 'Branch flow based on conditions' },
  waitForReply: { label: 'Wait for Reply', platform: 'multi', description: 'Pause until the contact answers, or time out' },
  randomizer: { label: 'Randomizer', platform: 'multi', description: 'Split contacts across branches by weight (A/B test)' },
  webhook: { label: 'Webhook', platform: 'multi', description: 'Send data to external service' },
  aiReply: { label: 'AI Reply', platform: 'multi', description: 'Answer from your knowledge base, or hand off to a human' },
  addTag: { label: 'Add Tag', platform: 'multi', description: 'Tag the contact' },
  removeTag: { label: 'Remove Tag', platform: 'multi', description: 'Remove a tag from the contact' },
  setField: { label: 'Set Field', platform: 'multi', description: 'Save a value to a contact field' },
  trackConversion: { label: 'Track Conversion', platform: 'multi', description: 'Record a sale (USD) for this contact' },
  captureLead: { label: 'Capture Lead', platform: 'multi', description: "Save the contact's email as a lead" },
  askQuestion: { label: 'Ask a Question', platform: 'multi', description: 'Ask for an email, phone, number, date or link, and check the answer' },
  followGate: { label: 'Follow Gate', platform: 'instagram', description: 'Ask for a follow, check it on Instagram, then go on' },
  enrollSequence: { label: 'Sequence', platform: 'multi', description: 'Enrol the contact in a sequence of messages, or take them out' },
  bookTime: { label: 'Book a Time', platform: 'multi', description: 'Offer open times from your availability and book one' },
  complete: { label: 'Complete', platform: 'multi', description: 'End point for your automation' },
};
