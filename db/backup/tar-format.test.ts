import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BLOCK, parseTarHeader, readTar, TAR_END, tarHeader, tarPadding } from './tar-format';

/** Our ustar against GNU tar, both ways: what we write it reads, what it writes we read. */
const dir = await mkdtemp(path.join(os.tmpdir(), 'tar-format-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const longName = `pg/${'base/'.repeat(25)}16384_fsm`; // over 100 bytes: needs ustar's prefix field
const files = new Map<string, Buffer>([
  ['secrets.json', Buffer.from('{"a":1}\n')],
  ['pg/empty', Buffer.alloc(0)],
  ['pg/global/exact-block', randomBytes(BLOCK)],
  [longName, randomBytes(3 * BLOCK + 17)],
]);

function archive(): Buffer {
  const parts: Buffer[] = [tarHeader({ name: 'pg', type: 'directory', size: 0, mode: 0o700, mtime: new Date() })];
  for (const [name, content] of files) {
    parts.push(
      tarHeader({ name, type: 'file', size: content.length, mode: 0o600, mtime: new Date('2026-01-02T03:04:05Z') }),
      content,
      tarPadding(content.length),
    );
  }
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

it('writes archives GNU tar lists and extracts byte for byte', async () => {
  const file = path.join(dir, 'ours.tar');
  await writeFile(file, archive());
  const list = spawnSync('tar', ['-tvf', file], { encoding: 'utf8' });
  expect(list.status).toBe(0);
  expect(list.stdout).toContain(longName);
  expect(list.stdout).toMatch(/^-rw------- .* 8 2026-01-02 03:04 secrets\.json$/m);
  const out = path.join(dir, 'extracted');
  await mkdir(out);
  expect(spawnSync('tar', ['-xf', file, '-C', out]).status).toBe(0);
  for (const [name, content] of files) expect((await readFile(path.join(out, name))).equals(content)).toBe(true);
});

it('reads what GNU tar writes in ustar format, in chunks of any size', async () => {
  const src = path.join(dir, 'src');
  for (const [name, content] of files) {
    await mkdir(path.dirname(path.join(src, name)), { recursive: true });
    await writeFile(path.join(src, name), content);
  }
  const file = path.join(dir, 'gnu.tar');
  expect(spawnSync('tar', ['--format=ustar', '-cf', file, '-C', src, 'secrets.json', 'pg']).status).toBe(0);
  const bytes = await readFile(file);
  // Odd-sized chunks: headers and contents straddle them.
  const chunks = async function* () {
    for (let i = 0; i < bytes.length; i += 333) yield bytes.subarray(i, i + 333);
  };
  const seen = new Map<string, Buffer>();
  await readTar(chunks(), async (header, content) => {
    const parts: Buffer[] = [];
    for await (const c of content) parts.push(c);
    if (header.type === 'file') seen.set(header.name, Buffer.concat(parts));
  });
  expect(seen).toEqual(files);
});

it('refuses a damaged header, a link entry and a truncated archive', async () => {
  const header = tarHeader({ name: 'a', type: 'file', size: 1, mode: 0o600, mtime: new Date() });
  const damaged = Buffer.from(header);
  damaged[0] = 'b'.charCodeAt(0);
  expect(() => parseTarHeader(damaged)).toThrow(/checksum/);

  const link = Buffer.from(header);
  link.write('2', 156, 'ascii'); // a symbolic link
  link.write('        ', 148, 'ascii');
  let sum = 0;
  for (const b of link) sum += b;
  link.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'ascii');
  expect(() => parseTarHeader(link)).toThrow(/only files and directories/);

  const whole = archive();
  const cut = async function* () {
    yield whole.subarray(0, BLOCK + 100);
  };
  await expect(readTar(cut(), async () => {})).rejects.toThrow(/ends unexpectedly/);
});
