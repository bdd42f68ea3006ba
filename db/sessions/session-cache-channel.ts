import { z } from 'zod';

/**
 * NOTIFY channel of the web processes' session caches (ARCHITECTURE.md#sessions): a session whose
 * stored data changed (`{sid}`), or a user row that changed or went (`{userId}`, from the trigger
 * on `users` of the migration session_cache_notify, whoever writes it). Ended sessions come on
 * SESSIONS_CHANNEL (sessions-ended.ts), which the caches listen to as well.
 */
export const SESSION_CACHE_CHANNEL = 'replypilot_session_cache';

export const sessionCacheChangeSchema = z.union([z.object({ sid: z.string().min(1) }), z.object({ userId: z.string().min(1) })]);
export type SessionCacheChange = z.infer<typeof sessionCacheChangeSchema>;
