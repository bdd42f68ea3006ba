export const simulatorKeys = {
  state: ['simulator', 'state'] as const,
  outboxes: ['simulator', 'outbox'] as const,
  outbox: (accountId: string) => ['simulator', 'outbox', accountId] as const,
};
