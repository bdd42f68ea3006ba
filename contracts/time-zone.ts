import { z } from 'zod';

/**
 * An IANA time zone name ("Europe/Berlin", "UTC") that the runtime knows: the zone a workspace's days
 * are in (docs/product-spec.md, Glossary: day). Offsets and POSIX strings are refused; the server
 * also checks that PostgreSQL knows the name before storing it (db/workspaces/time-zone.ts).
 */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'Unknown time zone')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** GET and PUT /api/settings/time-zone */
export const workspaceTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type WorkspaceTimeZone = z.infer<typeof workspaceTimeZoneSchema>;
