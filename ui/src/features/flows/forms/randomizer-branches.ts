type Branch = { key: string; weight: number | null };

/** Each branch's share of the total weight, in whole percent (0 when nothing is weighted). */
export function branchPercents(branches: Branch[]): number[] {
  const total = branches.reduce((sum, b) => sum + (b.weight && b.weight > 0 ? b.weight : 0), 0);
  return branches.map((b) => (total > 0 && b.weight && b.weight > 0 ? Math.round((b.weight / total) * 100) : 0));
}

/** The next unused branch letter: A, B, C… */
export function nextBranchKey(branches: Branch[]): string {
  const taken = new Set(branches.map((b) => b.key));
  for (let i = 0; i < 26; i += 1) {
    const key = String.fromCharCode(65 + i);
    if (!taken.has(key)) return key;
  }
  return `X${branches.length}`;
}
