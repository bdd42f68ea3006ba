import { eventCtes } from '../event-webhooks/emit-events';

/** A lead's webhook payload from a row of leadColumns (lead-row.ts): small, no notes. */
export const leadEventData = (l: string) =>
  `jsonb_build_object('leadId', ${l}.id, 'contactId', ${l}.contact_id, 'conversationId', ${l}.conversation_id, 'name', ${l}.name,
     'email', ${l}.email, 'socialHandle', ${l}.social_handle, 'source', ${l}.source, 'status', ${l}.status, 'valueCents', ${l}.value_cents)`;

/**
 * `lead.created` / `lead.updated` as CTEs of the statement that wrote the lead: `written` is a CTE of
 * leadColumns plus `ws_id` (the workspace) and `created` (whether the row is new).
 */
export const leadEvents = (written: string) =>
  eventCtes(`select w.ws_id as workspace_id, case when w.created then 'lead.created' else 'lead.updated' end as type,
       ${leadEventData('w')} as data, row_number() over () as n
     from ${written} w`);
