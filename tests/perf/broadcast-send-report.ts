import type { FakeSend } from '../fakes/meta-graph.fake';
import { maxInOneSecond } from '../support/sliding-window';

export interface ProgressSample {
  /** Seconds since POST /start. */
  s: number;
  status: string;
  pending: number;
  queued: number;
  sent: number;
  /** The ETA the broadcast page showed then (GET /api/broadcasts/:id progress.etaSeconds). */
  etaSeconds: number | null;
  /** DMs the fake had received then. */
  atFake: number;
}

/** Sends per second between the p10th and the p90th arrival (the steady part, without the start and the tail). */
function steadyRate(times: number[]): number {
  if (times.length < 10) return 0;
  const a = times[Math.floor(times.length * 0.1)]!;
  const b = times[Math.floor(times.length * 0.9)]!;
  return b > a ? Math.round(((Math.floor(times.length * 0.9) - Math.floor(times.length * 0.1)) / (b - a)) * 1000) : 0;
}

/**
 * What the Meta fake received for a broadcast (the benchmark's part c): the send rate overall and per
 * account (each held to its own bucket: its most in any second, after its first burst too), duplicates
 * and missing recipients counted per (account, recipient), and the ETA the page showed at several
 * points against the moment the last DM actually arrived.
 */
export function sendReport(
  sends: FakeSend[],
  startedAtMs: number,
  samples: ProgressSample[],
  expected: number,
  slotOf?: (send: FakeSend) => number | undefined,
  latencyMs = 0,
) {
  const times = sends.map((x) => x.at).sort((a, b) => a - b);
  const perRecipient = new Map<string, number>();
  for (const x of sends) perRecipient.set(`${x.on}\u0000${x.recipient}`, (perRecipient.get(`${x.on}\u0000${x.recipient}`) ?? 0) + 1);
  const byAccount = new Map<string, number[]>();
  for (const x of sends) byAccount.set(x.on, [...(byAccount.get(x.on) ?? []), x.at]);
  const firstS = times.length ? (times[0]! - startedAtMs) / 1000 : null;
  const lastS = times.length ? (times.at(-1)! - startedAtMs) / 1000 : null;
  const running = samples.filter((p) => p.status === 'running' && p.etaSeconds !== null);
  // The page's ETA when the broadcast had just started, and at a quarter, half and three quarters sent.
  const at = (f: number) => running.find((p) => p.atFake >= expected * f);
  const points = [running[0], at(0.25), at(0.5), at(0.75)].filter((p): p is ProgressSample => p !== undefined);
  // What happened: the first poll that found the broadcast completed (within a second of its end).
  const completedS = samples.find((p) => p.status === 'completed')?.s ?? null;
  return {
    receivedByFake: sends.length,
    distinctRecipients: perRecipient.size,
    sentTwice: [...perRecipient.values()].filter((n) => n > 1).length,
    missing: expected - perRecipient.size,
    firstDmSeconds: firstS === null ? null : +firstS.toFixed(2),
    lastDmSeconds: lastS === null ? null : +lastS.toFixed(2),
    sendRatePerSecond: {
      overall: firstS !== null && lastS !== null && lastS > firstS ? Math.round(sends.length / (lastS - firstS)) : 0,
      steady: steadyRate(times),
    },
    // How late each call reached the fake against its send slot (arrival minus the fake's latency minus the slot).
    lateMs: slotOf ? lateness(sends, slotOf, latencyMs) : undefined,
    perAccount: [...byAccount].map(([account, ts]) => {
      ts.sort((a, b) => a - b);
      return {
        account,
        received: ts.length,
        steadyPerSecond: steadyRate(ts),
        maxInAnySecond: maxInOneSecond(ts),
        maxInAnySecondAfterFirst2s: maxInOneSecond(ts.filter((x) => x >= ts[0]! + 2000)),
        ...(slotOf ? { slotsMaxInAnySecond: maxInOneSecond(slotTimes(sends, account, slotOf)) } : {}),
      };
    }),
    eta: points.map((p) => ({
      atSeconds: p.s,
      sentAtFake: p.atFake,
      pageEtaSeconds: p.etaSeconds,
      predictedLastDmSeconds: +(p.s + p.etaSeconds!).toFixed(1),
      actualLastDmSeconds: lastS === null ? null : +lastS.toFixed(1),
      completedSeconds: completedS,
      errorSeconds: lastS === null ? null : +(p.s + p.etaSeconds! - lastS).toFixed(1),
    })),
  };
}

/** An account's send slots (what the bucket granted), sorted. */
function slotTimes(sends: FakeSend[], account: string, slotOf: (send: FakeSend) => number | undefined): number[] {
  return sends
    .filter((x) => x.on === account)
    .flatMap((x) => {
      const slot = slotOf(x);
      return slot === undefined ? [] : [slot];
    })
    .sort((a, b) => a - b);
}

function lateness(sends: FakeSend[], slotOf: (send: FakeSend) => number | undefined, latencyMs: number) {
  const late = sends.flatMap((x) => {
    const slot = slotOf(x);
    return slot === undefined ? [] : [x.at - latencyMs - slot];
  });
  late.sort((a, b) => a - b);
  const q = (f: number) => (late.length ? Math.round(late[Math.min(late.length - 1, Math.floor(late.length * f))]!) : null);
  return { n: late.length, min: q(0), p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) };
}
