import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const folders = ['activities', 'api', 'workers', 'integrations', 'workflows', 'flow-compiler', 'contracts', 'config', 'bin'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Application code outside db/ that writes `table` with a plain SQL insert. */
function insertsOutsideDb(table: string): string[] {
  const pattern = new RegExp(`insert\\s+into\\s+${table}\\b`, 'i');
  return folders
    .flatMap((f) => sources(path.join(repo, f)))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(repo, file));
}

describe('one way to queue an outbound message (db/sends/queue-outbound-message.ts)', () => {
  it('no code outside db/ inserts conversations or outbound ledger rows', () => {
    expect(insertsOutsideDb('conversations')).toEqual([]);
    expect(insertsOutsideDb('outbound_ledger')).toEqual([]);
  });

  it('no code outside db/ inserts messages', () => {
    // Every message we send is written by queueOutboundMessage; an inbound DM by db/inbound/store-inbound-dm.ts;
    // the echo of a send made elsewhere (what a platform reported) by db/inbound/store-echo.ts.
    expect(insertsOutsideDb('messages').sort()).toEqual([]);
  });
});
