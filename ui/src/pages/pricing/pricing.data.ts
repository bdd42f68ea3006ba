/** The plans themselves come from the catalogue (contracts/plans.ts) through GET /api/plans. */
export function pricingFaqs(trialDays: number | null, checkout: boolean) {
  return [
    {
      q: 'What happens if I go over my message limit?',
      a: 'Flows are never stopped. You get a notice at 80 % and at 100 % of your plan’s monthly messages, and the count starts again next month.',
    },
    {
      q: 'Is there a free trial?',
      a: trialDays
        ? `Yes: a new workspace runs ${trialDays} days on Pro, with no card. Then it returns to Free unless a paid plan is chosen; your flows keep running.`
        : 'There is no time-limited trial: the Free plan is free for as long as you like and needs no card.',
    },
    {
      q: 'How do I pay for a plan?',
      a: checkout
        ? 'The workspace owner pays online by card from Billing, and can change or cancel there any time.'
        : 'Online payment is not set up on this server. Paid plans are set by the person who runs it: ask your operator.',
    },
    {
      q: 'Do I need AI answers?',
      a: 'No. Keyword automations work on every plan; AI answers from your knowledge base are included up to each plan’s allowance.',
    },
  ];
}
