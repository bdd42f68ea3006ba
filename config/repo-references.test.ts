import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments and docs cite only documents that are in it
 * (docs/product-spec.md §N, docs/platform-apis.md §N.N, ARCHITECTURE.md#<heading>, ADR NNNN), and
 * every cited section exists. Pointers to documents outside the repository — the team's design
 * record, the shared spec folder, issue numbers — are refused.
 */
const root = path.resolve(import.meta.dirname, '..');
const skipDirs = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'screenshots']);
const textFile = /\.(ts|tsx|js|mjs|cjs|md|yml|yaml|conf|sh|sql)$|^Dockerfile$|^run$/;
const self = path.relative(root, import.meta.filename);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return skipDirs.has(name) ? [] : walk(full);
    return textFile.test(name) ? [path.relative(root, full)] : [];
  });
}

const files = walk(root).filter((f) => f !== self);
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const lines = files.flatMap((file) =>
  read(file)
    .split('\n')
    .map((text, i) => ({ file, line: i + 1, text })),
);
const where = (l: { file: string; line: number; text: string }) => `${l.file}:${l.line}: ${l.text.trim()}`;

/** Built from parts so this file does not match itself. */
const banned: { name: string; pattern: RegExp; except?: (l: { file: string; text: string }) => boolean }[] = [
  { name: 'the design record (use ARCHITECTURE.md#<heading> or an ADR)', pattern: new RegExp('design ' + 'record', 'i') },
  { name: 'numbered architecture.md sections (use ARCHITECTURE.md#<heading>)', pattern: new RegExp('architecture\\.md ' + '§', 'i') },
  { name: 'the spec without its path (use docs/product-spec.md §N)', pattern: new RegExp('\\bspec ' + '§', 'i') },
  { name: 'the conventions file (outside the repo)', pattern: new RegExp('conventions ' + '§') },
  { name: 'the review (outside the repo)', pattern: new RegExp('review ' + '§', 'i') },
  { name: 'paths outside the repository', pattern: new RegExp('\\.\\./' + 'shared/') },
  {
    name: 'platform-apis.md without docs/ (outside docs/ itself)',
    pattern: new RegExp('(?<![\\w/-])platform-apis' + '\\.md'),
    except: (l) => l.file.startsWith('docs/'),
  },
  {
    name: 'product-spec.md without docs/ (outside docs/ itself)',
    pattern: new RegExp('(?<![\\w/-])product-spec' + '\\.md'),
    except: (l) => l.file.startsWith('docs/'),
  },
  {
    name: 'issue numbers (state the fact, or cite the ADR)',
    pattern: new RegExp('\\bissue ' + '\\d', 'i'),
    // An ADR's status line may say where it came from.
    except: (l) => l.file.startsWith('docs/adr/') && l.text.startsWith('Status:'),
  },
];

/** Section numbers of a doc: `## 2.`, `### 2.1`, and the numbered items of a `## N.` list (`§7.3`). */
function sectionsOf(file: string): Set<string> {
  const ids = new Set<string>();
  let top: string | undefined;
  for (const text of read(file).split('\n')) {
    const heading = /^#{2,4} (\d+(?:\.\d+)?)\.?\s/.exec(text);
    if (heading) {
      ids.add(heading[1]!);
      top = heading[1]!.split('.')[0];
      continue;
    }
    const item = /^(\d+)\. /.exec(text);
    if (item && top) ids.add(`${top}.${item[1]}`);
  }
  return ids;
}

/** GitHub's heading anchors. */
function anchorsOf(file: string): Set<string> {
  return new Set(
    read(file)
      .split('\n')
      .filter((t) => /^#{1,6} /.test(t))
      .map((t) =>
        t
          .replace(/^#+ /, '')
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replace(/ /g, '-'),
      ),
  );
}

describe('the repository cites only documents it contains', () => {
  it('scans the source and docs', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toEqual(expect.arrayContaining(['docs/platform-apis.md', 'docs/product-spec.md', 'ARCHITECTURE.md', 'README.md']));
  });

  for (const rule of banned) {
    it(`refers to no ${rule.name}`, () => {
      expect(lines.filter((l) => rule.pattern.test(l.text) && !rule.except?.(l)).map(where)).toEqual([]);
    });
  }

  const cited = (doc: string) => new RegExp(doc.replace('.', '\\.') + '((?:[ ,–-]*(?:and )?§\\d+(?:\\.\\d+)?)+)', 'g');
  for (const doc of ['docs/platform-apis.md', 'docs/product-spec.md']) {
    it(`cites only sections ${doc} has`, () => {
      const have = sectionsOf(doc);
      const missing = lines.flatMap((l) =>
        [...l.text.matchAll(cited(doc))].flatMap((m) =>
          [...m[1]!.matchAll(/§(\d+(?:\.\d+)?)/g)].filter((s) => !have.has(s[1]!)).map((s) => `§${s[1]} in ${where(l)}`),
        ),
      );
      expect(missing).toEqual([]);
    });
  }

  it('links only headings ARCHITECTURE.md has', () => {
    const have = anchorsOf('ARCHITECTURE.md');
    const missing = lines.flatMap((l) =>
      [...l.text.matchAll(/ARCHITECTURE\.md#([\w-]+)/g)].filter((m) => !have.has(m[1]!)).map((m) => `#${m[1]} in ${where(l)}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites only ADRs that exist', () => {
    const have = new Set(readdirSync(path.join(root, 'docs/adr')).map((f) => f.slice(0, 4)));
    const missing = lines.flatMap((l) => [...l.text.matchAll(/\bADRs? (\d{4})/g)].filter((m) => !have.has(m[1]!)).map((m) => `ADR ${m[1]} in ${where(l)}`));
    expect(missing).toEqual([]);
  });
});
