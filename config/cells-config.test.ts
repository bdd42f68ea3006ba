import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseCells } from './cells-config';

describe('CELLS and DIRECTORY_DATABASE_URL (ADR 0051)', () => {
  it('neither: one database, as always', () => {
    expect(parseCells(undefined, undefined)).toEqual({ value: null, errors: [] });
    expect(loadConfig({ NODE_ENV: 'test' }).cells).toBeNull();
  });
  it('reads name=url pairs separated by spaces or commas', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CELLS: 'a=postgres://u:p@cell-a:5432/rp?sslmode=require, b=postgres://u:p@cell-b/rp',
      DIRECTORY_DATABASE_URL: 'postgres://u:p@dir/rp',
    });
    expect(config.cells).toEqual({
      directoryUrl: 'postgres://u:p@dir/rp',
      cells: [
        { name: 'a', databaseUrl: 'postgres://u:p@cell-a:5432/rp?sslmode=require' },
        { name: 'b', databaseUrl: 'postgres://u:p@cell-b/rp' },
      ],
    });
  });
  it('refuses one without the other, an entry without a name, two cells of one name; never echoes a URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CELLS: 'a=postgres://x/a' })).toThrow(/go together/);
    expect(() => loadConfig({ NODE_ENV: 'test', DIRECTORY_DATABASE_URL: 'postgres://x/d' })).toThrow(/go together/);
    expect(parseCells('postgres://secret@x/a', 'postgres://x/d').errors).toEqual([expect.stringMatching(/entry 1 is not name=url/)]);
    expect(parseCells('postgres://secret@x/a', 'postgres://x/d').errors.join()).not.toContain('secret');
    expect(parseCells('a=postgres://x/a a=postgres://x/b', 'postgres://x/d').errors).toEqual(['CELLS: each cell needs its own name']);
    expect(parseCells('A=postgres://x/a', 'postgres://x/d').value).toBeNull();
  });
});
