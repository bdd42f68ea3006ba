import { eventCtes } from '../event-webhooks/emit-events';

/**
 * `contact.tagged` for the contacts a statement tagged, as CTEs of that statement: `changed` is a
 * CTE of `(id, workspace_id, tags, old_tags)` (the tags after and before). One event per contact
 * that gained at least one tag, naming the tags it gained and all it has now.
 */
export const contactTaggedEvents = (changed: string) =>
  eventCtes(`select workspace_id, 'contact.tagged'::text as type,
       jsonb_build_object('contactId', id, 'added', added, 'tags', tags) as data, row_number() over () as n
     from (select c.*, array(select unnest(c.tags) except select unnest(c.old_tags) order by 1) as added from ${changed} c) x
     where cardinality(added) > 0`);
