import type pg from 'pg';
import { paymentFailedRecipients } from '../db/billing/stripe-billing';
import type { Mailer } from '../integrations/mail/mailer';

/**
 * Mails the owners of a workspace whose subscription payment failed (the `mail.payment` job,
 * ADR 0046): what happened and where to fix it. The workspace deleted meanwhile: nothing is sent.
 */
export async function sendPaymentFailedMail(deps: { pool: pg.Pool; mailer: Mailer }, workspaceId: string, origin: string): Promise<void> {
  const to = await paymentFailedRecipients(deps.pool, workspaceId);
  if (!to) return;
  for (const email of to.emails) {
    await deps.mailer.send({
      to: email,
      subject: `A payment for ${to.workspaceName} on Replypilot failed`,
      text: [
        'Hi,',
        '',
        `Stripe could not take the subscription payment for the workspace "${to.workspaceName}".`,
        'Stripe retries by itself; your flows keep running meanwhile. To update the card, open Billing:',
        '',
        `${origin}/account/billing`,
        '',
        'If the payment keeps failing, Stripe ends the subscription and the workspace returns to the Free plan.',
      ].join('\n'),
    });
  }
}
