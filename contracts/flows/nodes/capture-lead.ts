import { z } from 'zod';

/**
 * captureLead: saves an email (and optionally a name) on the run's contact's lead.
 *
 * - `from: 'lastMessage'` looks in the contact's last message: after a Wait for Reply, the reply it
 *   received. `from: 'template'` looks in `value` with its variables filled (e.g. `{field.email}`).
 * - The email is the first email-looking token of that text (workflows/extract-email.ts). When there
 *   is none, nothing is written: the step's output says `{ email: null, note: 'No email found' }` and
 *   the run goes on (one unnamed exit, no branch), so a Condition on the reply can ask again.
 * - The lead (db/leads/capture-lead.ts `saveCapturedLead`, in the run turn's transaction): one per
 *   contact and one per email in a workspace. The contact's lead gets the email (made if the contact
 *   has none); an email another lead already holds is that lead (as when a lead is added by hand): its
 *   missing name is filled in and nothing else changes. The step's output says which happened.
 *   A lead made (or linked to the contact) here counts the contact's DMs, replies, comments and link
 *   clicks so far, and its score is recomputed from them (workflows/lead-score.ts).
 * - `name`: a template for the lead's name ('' = a new lead takes the contact's name, an existing
 *   one keeps its own).
 */
export const captureLeadConfig = z
  .object({
    from: z.enum(['lastMessage', 'template']).default('lastMessage'),
    value: z.string().max(2000, 'Text is limited to 2,000 characters').default(''),
    name: z.string().max(200, 'Name is limited to 200 characters').default(''),
  })
  .refine((c) => c.from !== 'template' || c.value.trim() !== '', { message: 'Write the text to take the email from', path: ['value'] });

export const captureLeadDefault = { from: 'lastMessage', value: '', name: '' } satisfies z.infer<typeof captureLeadConfig>;
