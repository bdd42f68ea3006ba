import { expect, it } from 'vitest';
import { timedStep } from './timed-step';

it('names a step still running past its limit, then logs its time; a quick step logs nothing', async () => {
  const lines: { obj: object; msg: string }[] = [];
  const log = { warn: (obj: object, msg: string) => lines.push({ obj, msg }) };
  await timedStep(log, 'quick', () => Promise.resolve(), 50);
  expect(lines).toEqual([]);

  let finish!: () => void;
  const slow = timedStep(log, 'send pump drain', () => new Promise<void>((r) => (finish = r)), 20);
  await new Promise((r) => setTimeout(r, 60));
  expect(lines).toEqual([{ obj: { step: 'send pump drain', afterMs: 20 }, msg: 'shutdown step still running' }]);
  finish();
  await slow;
  expect(lines[1]).toMatchObject({ obj: { step: 'send pump drain' }, msg: 'slow shutdown step ended' });
  expect((lines[1]!.obj as { ms: number }).ms).toBeGreaterThanOrEqual(60);
});

it('a failing step still clears its timer and rethrows', async () => {
  const lines: unknown[] = [];
  await expect(timedStep({ warn: (o) => lines.push(o) }, 'bad', () => Promise.reject(new Error('no')), 20)).rejects.toThrow('no');
  await new Promise((r) => setTimeout(r, 40));
  expect(lines).toEqual([]);
});
