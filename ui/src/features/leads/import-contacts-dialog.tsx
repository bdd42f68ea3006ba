import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { IMPORT_MAX_BYTES, importFieldLabels, importFields, type ContactImport, type ImportPreview } from '@contracts/contact-import';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { fetchImport, guessColumns, mappingOf, previewImport, startImport, type ColumnChoice } from './contact-import.api';
import { ImportProgress } from './import-progress';
import { leadKeys } from './leads.keys';

const choiceOptions: { value: ColumnChoice; label: string }[] = [
  { value: '', label: "Don't import" },
  ...importFields.map((f) => ({ value: f, label: importFieldLabels[f] })),
  { value: 'custom', label: 'Custom field' },
];
const SHOWN_ROWS = 5;

/** Leads → Import contacts (ADR 0044): pick a CSV, map its columns on a preview, add tags, then follow the job. */
export function ImportContactsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [tags, setTags] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: ['contact-import', jobId],
    queryFn: () => fetchImport(jobId!),
    enabled: jobId !== null,
    refetchInterval: (q) => ((q.state.data as ContactImport | undefined)?.status === 'done' || q.state.data?.status === 'failed' ? false : 1000),
  });
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  }, [finished, queryClient]);

  function close() {
    setFile(null);
    setPreview(null);
    setChoices([]);
    setTags('');
    setError(undefined);
    setJobId(null);
    onClose();
  }

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    setError(undefined);
    setPreview(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return setError(`The file is ${(chosen.size / 1024 / 1024).toFixed(1)} MB; imports are limited to 20 MB.`);
    setBusy(true);
    try {
      const text = await chosen.text();
      const p = await previewImport(text);
      setFile({ name: chosen.name, text });
      setPreview(p);
      setChoices(guessColumns(p.headers));
    } catch (err) {
      setError(errorMessage(err, 'Could not read the file'));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!file || !preview) return;
    setBusy(true);
    setError(undefined);
    try {
      const tagList = [
        ...new Set(
          tags
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      const started = await startImport({ csv: file.text, fileName: file.name, mapping: mappingOf(preview.headers, choices), tags: tagList });
      setJobId(started.id);
    } catch (err) {
      setError(errorMessage(err, 'Could not start the import'));
    } finally {
      setBusy(false);
    }
  }

  const mappedContactField = choices.some((c) => c !== '' && c !== 'custom');
  const setChoice = (i: number, value: ColumnChoice) =>
    setChoices((prev) => prev.map((c, j) => (j === i ? value : value !== '' && value !== 'custom' && c === value ? '' : c)));

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Import contacts</DialogTitle>
          <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            A CSV file (up to 20 MB) with a header row. Each row becomes a lead; a row with an email, handle or platform id you already have fills that lead's
            blanks instead of adding a second one.
          </Description>
          <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
            Importing never messages anyone. Instagram and Messenger allow a message only after the person writes to you first; imported contacts hear from you
            once they do.
          </p>

          {jobId ? (
            <div className="mt-5">
              {job.data ? <ImportProgress job={job.data} /> : <p className="text-sm text-slate-500">Starting…</p>}
              <div className="mt-5 flex justify-end">
                <Button onClick={close}>{finished ? 'Done' : 'Close (the import continues)'}</Button>
              </div>
            </div>
          ) : (
            <div className="mt-5 space-y-5">
              <div>
                <label htmlFor="import-file" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
                  CSV file
                </label>
                <input
                  id="import-file"
                  type="file"
                  accept=".csv,text/csv"
                  onChange={pick}
                  disabled={busy}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 dark:text-slate-300 dark:file:bg-indigo-950 dark:file:text-indigo-300"
                />
              </div>

              {preview && (
                <>
                  <div>
                    <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
                      Map the columns · {preview.totalRows.toLocaleString('en-US')} rows in {file?.name}
                    </p>
                    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
                      <table className="min-w-full text-left text-sm">
                        <thead className="bg-slate-50 dark:bg-slate-800">
                          <tr>
                            {preview.headers.map((h, i) => (
                              <th key={h} className="px-3 py-2 align-top font-medium text-slate-700 dark:text-slate-200">
                                <div className="mb-1 whitespace-nowrap">{h}</div>
                                <select
                                  aria-label={`Import "${h}" as`}
                                  value={choices[i] ?? ''}
                                  onChange={(e) => setChoice(i, e.target.value as ColumnChoice)}
                                  className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-normal dark:border-slate-600 dark:bg-slate-900"
                                >
                                  {choiceOptions.map((o) => (
                                    <option key={o.value} value={o.value}>
                                      {o.label}
                                    </option>
                                  ))}
                                </select>
                              </th>
                            ))}
                          </tr>
                        </thead>
                        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                          {preview.rows.slice(0, SHOWN_ROWS).map((row, r) => (
                            <tr key={r}>
                              {row.map((v, c) => (
                                <td key={c} className="max-w-48 truncate px-3 py-1.5 text-slate-600 dark:text-slate-400">
                                  {v}
                                </td>
                              ))}
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  </div>
                  {preview.errors.length > 0 && (
                    <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
                      <p className="font-medium">These lines cannot be read and will be listed as rejected:</p>
                      <ul className="mt-1 list-disc pl-5">
                        {preview.errors.map((e) => (
                          <li key={e.line}>{e.reason}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <TextField
                    label="Tags for every imported contact"
                    hint="Separated by commas, e.g. imported, newsletter"
                    value={tags}
                    onChange={(e) => setTags(e.target.value)}
                    maxLength={500}
                  />
                </>
              )}

              {error && (
                <p className="text-sm text-red-600 dark:text-red-400" role="alert">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button onClick={start} disabled={!preview || !mappedContactField} loading={busy}>
                  Import {preview ? preview.totalRows.toLocaleString('en-US') : ''} rows
                </Button>
              </div>
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
