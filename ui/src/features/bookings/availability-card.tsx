import { reminderChoices, weekdayLabels, weekdays, type Availability, type HoursRange, type Weekday } from '@contracts/bookings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { bookingKeys, fetchAvailability, saveAvailability } from './bookings.api';

/** Monday first, as most calendars show a week. */
const weekOrder: Weekday[] = [...weekdays.slice(1), 'sun'];
const num = (v: string) => (v === '' ? 0 : Math.trunc(Number(v)));

/** Bookings → Availability: the zone, open hours per weekday, slot length, buffer, horizon, notice and reminder. */
export function AvailabilityCard() {
  const qc = useQueryClient();
  const canEdit = useCan('settings:manage');
  const query = useQuery({ queryKey: bookingKeys.availability, queryFn: fetchAvailability });
  // The member's edits; until the first one, what the server holds.
  const [edited, setDraft] = useState<Availability | null>(null);
  const draft = edited ?? query.data?.availability ?? null;
  const save = useMutation({
    mutationFn: saveAvailability,
    onSuccess: (saved) => {
      qc.setQueryData(bookingKeys.availability, saved);
      setDraft(saved.availability);
    },
  });
  if (!draft) return <Card className="mb-6 p-4 text-sm text-slate-500">Loading availability…</Card>;

  const setDay = (day: Weekday, ranges: HoursRange[]) => setDraft({ ...draft, weekly: { ...draft.weekly, [day]: ranges } });
  return (
    <Card className="mb-6 p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Availability</h2>
        {query.data && !query.data.saved && <p className="text-xs text-slate-500 dark:text-slate-400">Not saved yet: these are the defaults.</p>}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft);
        }}
      >
        <fieldset disabled={!canEdit} className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label="Time zone" value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })} hint="e.g. Europe/Berlin" />
            <TextField
              label="Slot length (minutes)"
              type="number"
              min={5}
              max={480}
              value={String(draft.slotMinutes)}
              onChange={(e) => setDraft({ ...draft, slotMinutes: num(e.target.value) })}
            />
            <TextField
              label="Buffer between bookings (minutes)"
              type="number"
              min={0}
              max={240}
              value={String(draft.bufferMinutes)}
              onChange={(e) => setDraft({ ...draft, bufferMinutes: num(e.target.value) })}
            />
            <TextField
              label="Offer up to (days ahead)"
              type="number"
              min={1}
              max={90}
              value={String(draft.horizonDays)}
              onChange={(e) => setDraft({ ...draft, horizonDays: num(e.target.value) })}
            />
            <TextField
              label="Minimum notice (minutes)"
              type="number"
              min={0}
              max={10080}
              value={String(draft.minNoticeMinutes)}
              onChange={(e) => setDraft({ ...draft, minNoticeMinutes: num(e.target.value) })}
            />
            <SelectField
              label="Reminder"
              value={draft.reminderMinutes === null ? '' : String(draft.reminderMinutes)}
              onChange={(e) => setDraft({ ...draft, reminderMinutes: e.target.value === '' ? null : Number(e.target.value) })}
              options={[
                { value: '', label: 'No reminder' },
                ...reminderChoices.map((m) => ({ value: String(m), label: m >= 60 ? `${m / 60} hour${m === 60 ? '' : 's'} before` : `${m} minutes before` })),
              ]}
            />
          </div>
          <div className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {weekOrder.map((day) => {
              const ranges = draft.weekly[day];
              return (
                <div key={day} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center">
                  <span className="w-28 shrink-0 text-sm font-medium text-slate-800 dark:text-slate-200">{weekdayLabels[day]}</span>
                  <div className="flex flex-1 flex-wrap items-center gap-2">
                    {ranges.length === 0 && <span className="text-sm text-slate-500 dark:text-slate-400">Closed</span>}
                    {ranges.map((r, i) => (
                      <span key={i} className="inline-flex items-center gap-1">
                        <input
                          type="time"
                          aria-label={`${weekdayLabels[day]} range ${i + 1} start`}
                          className="rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                          value={r.start}
                          onChange={(e) =>
                            setDay(
                              day,
                              ranges.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)),
                            )
                          }
                        />
                        <span className="text-slate-500">–</span>
                        <input
                          type="time"
                          aria-label={`${weekdayLabels[day]} range ${i + 1} end`}
                          className="rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                          value={r.end}
                          onChange={(e) =>
                            setDay(
                              day,
                              ranges.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)),
                            )
                          }
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove ${weekdayLabels[day]} range ${i + 1}`}
                          onClick={() =>
                            setDay(
                              day,
                              ranges.filter((_, j) => j !== i),
                            )
                          }
                        >
                          ✕
                        </Button>
                      </span>
                    ))}
                    {ranges.length < 6 && (
                      <Button variant="ghost" size="sm" onClick={() => setDay(day, [...ranges, { start: ranges.length ? '13:00' : '09:00', end: '17:00' }])}>
                        Add hours
                      </Button>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
          {canEdit && (
            <div className="flex items-center gap-3">
              <Button type="submit" loading={save.isPending}>
                Save availability
              </Button>
              {save.isSuccess && <span className="text-sm text-emerald-700 dark:text-emerald-400">Saved</span>}
            </div>
          )}
          {save.isError && <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(save.error, 'Could not save the availability')}</p>}
        </fieldset>
      </form>
    </Card>
  );
}
