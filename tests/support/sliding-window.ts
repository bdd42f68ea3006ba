/** The most events inside any 1-second window of sorted times (ms): a bucket's bound is checked against it. */
export function maxInOneSecond(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= 1000) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}
