/**
 * The few parts of POSIX ustar that a backup archive needs: regular files and directories, names up
 * to 255 bytes (prefix + name), sizes up to 8 GiB. Written here rather than with node-tar because an
 * online copy of a PostgreSQL data directory reads files that grow, shrink or vanish while they are
 * read, which PostgreSQL documents as expected (WAL replay repairs them); node-tar's packer fails the
 * whole archive on a short or long read ("encountered unexpected EOF"), while a base backup must
 * record the size it saw and pad a file that shrank (ADR 0035). The output is plain ustar: GNU and
 * BSD tar read it (db/backup/tar-format.test.ts).
 */

export const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export interface TarEntryHeader {
  /** Relative, `/`-separated; directories without a trailing slash. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: Date;
}

function writeOctal(buf: Buffer, offset: number, length: number, value: number): void {
  // length - 1 digits, then NUL.
  buf.write(value.toString(8).padStart(length - 1, '0'), offset, length - 1, 'ascii');
  buf[offset + length - 1] = 0;
}

/** Splits a name into ustar's prefix (155 bytes) and name (100 bytes) fields at a `/`. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`Path too long for a tar archive: ${name}`);
}

export function tarHeader(entry: TarEntryHeader): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`File too large for a tar archive (${entry.size} bytes): ${entry.name}`);
  const h = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  h.write(name, 0, 100, 'utf8');
  writeOctal(h, 100, 8, entry.mode & 0o7777);
  writeOctal(h, 108, 8, 0);
  writeOctal(h, 116, 8, 0);
  writeOctal(h, 124, 12, entry.type === 'file' ? entry.size : 0);
  writeOctal(h, 136, 12, Math.max(0, Math.floor(entry.mtime.getTime() / 1000)));
  h.write('        ', 148, 8, 'ascii');
  h.write(entry.type === 'file' ? '0' : '5', 156, 1, 'ascii');
  h.write('ustar\u000000', 257, 8, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return h;
}

/** Zeros after a file's bytes up to the next 512-byte boundary. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function readString(buf: Buffer, offset: number, length: number): string {
  const end = buf.indexOf(0, offset);
  return buf.toString('utf8', offset, end === -1 || end > offset + length ? offset + length : end);
}

function readOctal(buf: Buffer, offset: number, length: number): number {
  const text = readString(buf, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('Not a tar archive (bad number in a header)');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** Parses one header block; null for an end-of-archive (zero) block. Only files and directories. */
export function parseTarHeader(block: Buffer): TarEntryHeader | null {
  if (block.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (sum !== readOctal(block, 148, 8)) throw new Error('Not a tar archive, or a damaged one (header checksum)');
  const prefix = readString(block, 345, 155);
  const raw = readString(block, 0, 100);
  const full = prefix ? `${prefix}/${raw}` : raw;
  const flag = String.fromCharCode(block[156]!);
  const type = flag === '5' ? 'directory' : flag === '0' || flag === '\u0000' ? 'file' : null;
  if (!type) throw new Error(`Unexpected entry type "${flag}" for ${full}: a Replypilot backup holds only files and directories`);
  return {
    name: full.replace(/\/+$/, ''),
    type,
    size: type === 'file' ? readOctal(block, 124, 12) : 0,
    mode: readOctal(block, 100, 8),
    mtime: new Date(readOctal(block, 136, 12) * 1000),
  };
}

/** Reads exact byte counts from a stream of chunks (a gunzipped archive). */
export class ChunkReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  private readonly it: AsyncIterator<Buffer>;
  private done = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.it = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.buffered < n && !this.done) {
      const next = await this.it.next();
      if (next.done) this.done = true;
      else {
        this.pending.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  /** Exactly n bytes, or an error if the stream ends first (a truncated archive). */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.buffered < n) throw new Error('The archive ends unexpectedly (truncated?)');
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.pending = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** Up to `max` bytes (at least one) of what is buffered or next in the stream. */
  async readSome(max: number): Promise<Buffer> {
    await this.fill(1);
    if (this.buffered === 0) throw new Error('The archive ends unexpectedly (truncated?)');
    return this.read(Math.min(max, this.buffered));
  }
}

/**
 * Walks an archive: `onFile` gets each entry with its content as chunks (a directory gets none) and
 * must consume them before returning. Stops at the end-of-archive blocks.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (header: TarEntryHeader, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const reader = new ChunkReader(source);
  for (;;) {
    const header = parseTarHeader(await reader.read(BLOCK));
    if (!header) return;
    let remaining = header.size;
    const content = async function* () {
      while (remaining > 0) {
        const chunk = await reader.readSome(Math.min(remaining, 1 << 20));
        remaining -= chunk.length;
        yield chunk;
      }
    };
    await onEntry(header, content());
    // Whatever the callback left unread, then the padding.
    while (remaining > 0) remaining -= (await reader.readSome(remaining)).length;
    await reader.read(tarPadding(header.size).length);
  }
}
