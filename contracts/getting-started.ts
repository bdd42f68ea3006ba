/**
 * GET /api/dashboard/getting-started: the dashboard's checklist for a new workspace, counted from
 * what exists (never from what the user clicked). Closed for good for a user once every item was
 * done at the same time, or when they dismiss it (POST …/dismiss).
 */
export type GettingStarted =
  | { closed: true }
  | {
      closed: false;
      /** Active accounts: real ones (Meta, X) and the built-in sandbox ones, which count too. */
      accounts: { real: number; sandbox: number };
      /** Flows published and switched on, and comment rules switched on. */
      liveFlows: number;
      activeRules: number;
      /** An automated reply (a comment rule's or a flow's public reply, private reply or DM) was delivered, sandbox included. */
      firstAutomatedReply: boolean;
      /** Knowledge base entries (typed, scanned or answered in onboarding), counted up to 100. */
      knowledgeEntries: number;
      /** Onboarding not finished: the step it stopped at (users.onboarding_step); null once done. */
      setupStep: number | null;
    };

export const gettingStartedItemIds = ['account', 'automation', 'firstReply', 'knowledge'] as const;
export type GettingStartedItemId = (typeof gettingStartedItemIds)[number];

/** Which items are done: the one definition, used by the server (to close the list) and the dashboard. */
export function gettingStartedDone(g: Extract<GettingStarted, { closed: false }>): Record<GettingStartedItemId, boolean> {
  return {
    account: g.accounts.real + g.accounts.sandbox > 0,
    automation: g.liveFlows + g.activeRules > 0,
    firstReply: g.firstAutomatedReply,
    knowledge: g.knowledgeEntries > 0,
  };
}
