import { useState, type FormEvent } from 'react';
import { SCAN_FAILED_FALLBACK, type WebsiteScanResult } from '@contracts/website-scan';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { useScanWebsite } from './use-knowledge';

/** "Scan your website": imports pages, offers and testimonials (docs/product-spec.md §2, errors §8). */
export function WebsiteScanCard() {
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const scan = useScanWebsite();
  const { toast } = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!url.trim()) return setUrlError('Website Required');
    setUrlError(undefined);
    scan.mutate(url.trim(), {
      onSuccess: (r) =>
        toast({ title: 'Website scanned', description: `${r.offers.length} offers and ${r.testimonials.length} testimonials found.`, variant: 'success' }),
      onError: (err) => toast({ title: 'Scan Failed', description: errorMessage(err, SCAN_FAILED_FALLBACK), variant: 'destructive' }),
    });
  }

  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name="globe" size={18} />
        </div>
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900 dark:text-white">Scan your website</h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            Reads your site's main pages and adds their text, your offers and your testimonials. Scanning again updates them.
          </p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Website address"
          type="url"
          placeholder="https://yourbusiness.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={urlError}
          className="flex-1"
        />
        <Button type="submit" loading={scan.isPending} className="sm:mt-7">
          {scan.isPending ? 'Scanning…' : 'Scan website'}
        </Button>
      </form>
      {scan.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
          <strong className="font-semibold">Scan Failed:</strong> {errorMessage(scan.error, SCAN_FAILED_FALLBACK)}
        </p>
      )}
      {scan.data && <ScanResult result={scan.data} />}
    </Card>
  );
}

function ScanResult({ result }: { result: WebsiteScanResult }) {
  const stats = [
    ['Pages', result.pagesScanned],
    ['Offers', result.offers.length],
    ['Testimonials', result.testimonials.length],
    ['Entries saved', result.entriesSaved],
  ] as const;
  return (
    <div className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        <Icon name="check-circle" size={16} /> Scanned {result.businessName ?? 'your website'}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([label, n]) => (
          <div key={label} className="rounded-lg bg-white px-3 py-2 dark:bg-slate-900">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{n}</dd>
          </div>
        ))}
      </dl>
      {result.pages.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {result.pages.map((p) => (
            <li key={p.url} className="flex min-w-0 gap-2">
              <span className="truncate font-medium text-slate-800 dark:text-slate-200">{p.title}</span>
              <span className="hidden truncate text-slate-500 sm:inline dark:text-slate-400">{new URL(p.url).pathname}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
