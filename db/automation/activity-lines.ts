/**
 * The automation feed's lines as they read now: a line about a send (a rule's private reply, named
 * by its ledger key) ends with that send's status when read — queued, sending, sent, or failed — so
 * the feed never says "queued" about a reply that was delivered (docs/product-spec.md, Glossary: sent).
 * One probe of outbound_ledger_idempotency_key per line that names a send. Used by the Comment Growth
 * and /automation feed and by Analytics' recent activity.
 */
export const activityMessageSql = (a: string) => `${a}.message || case l.status
    when 'sent' then ': private reply sent'
    when 'failed' then ': private reply not sent (failed)'
    when 'sending' then ': private reply sending'
    when 'queued' then ': private reply queued'
    else '' end`;

/** The ledger row a line names (none for most lines). */
export const activityLedgerJoinSql = (a: string) => `left join outbound_ledger l on l.idempotency_key = ${a}.ledger_key`;
