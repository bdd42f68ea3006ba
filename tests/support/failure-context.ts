/**
 * What a failed test leaves behind to read: each running test server's recent log lines and each
 * browser page's recent requests, printed by the setup file `tests/support/print-failure-context.ts`
 * when a test fails. A flake on a loaded CI machine can then be read from the CI log instead of
 * guessed at.
 */
type Source = () => string[] | Promise<string[]>;

const sources = new Map<string, Source>();
let seq = 0;

/** Adds a source of lines under `label`; call the returned function when the source stops. */
export function addFailureContext(label: string, source: Source): () => void {
  const key = `${label} #${++seq}`;
  sources.set(key, source);
  return () => sources.delete(key);
}

/** The lines of every live source, labelled. */
export async function failureContext(): Promise<string> {
  const parts: string[] = [];
  for (const [label, source] of sources) {
    const lines = await Promise.resolve()
      .then(source)
      .catch((err: unknown) => [`(could not read: ${String(err)})`]);
    if (lines.length > 0) parts.push(`--- ${label} (last ${lines.length}) ---\n${lines.join('\n')}`);
  }
  return parts.join('\n');
}

/** A bounded list of the most recent lines. */
export class RecentLines {
  private readonly lines: string[] = [];
  constructor(private readonly max: number) {}
  push(line: string): void {
    this.lines.push(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
    if (this.lines.length > this.max) this.lines.shift();
  }
  all(): string[] {
    return [...this.lines];
  }
}
