import { z } from 'zod';

/** The archive `replypilot backup` writes (ADR 0035): its last entry, so a truncated archive has none. */
export const BACKUP_MANIFEST = 'replypilot-backup.json';
export const BACKUP_FORMAT = 'replypilot-backup/1';

const lsn = z.string().regex(/^[0-9A-F]+\/[0-9A-F]+$/i);

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  replypilotVersion: z.string(),
  postgres: z.object({
    /** server_version of the server backed up, e.g. "17.6". */
    version: z.string(),
    startLsn: lsn,
    stopLsn: lsn,
    /** The WAL segments in pg/pg_wal, from the one holding startLsn to the one holding stopLsn. */
    walSegments: z.array(z.string().regex(/^[0-9A-F]{24}$/)).min(1),
  }),
  /** Which of the data dir's secret files the archive holds (none when the secrets come from the environment). */
  secrets: z.array(z.enum(['secrets.json', 'pg-password'])),
  /** Regular files in the archive, this manifest excluded. */
  files: z.number().int().min(1),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
