import { useMutation } from '@tanstack/react-query';
import type { ScannedData } from '@contracts/onboarding';
import { SCAN_FAILED_FALLBACK, type WebsiteScanResult } from '@contracts/website-scan';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { scanWebsite } from '../../knowledge/knowledge.api';
import { ScanResults } from './scan-results';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

function formatPrice(o: WebsiteScanResult['offers'][number]): string | null {
  if (o.priceCents !== null) return `$${(o.priceCents / 100).toFixed(2)}`;
  return o.price ? `${o.price} ${o.currency ?? ''}`.trim() : null;
}

function toScannedData(r: WebsiteScanResult): ScannedData {
  return {
    businessName: r.businessName,
    offers: r.offers.slice(0, 50).map((o) => ({ name: o.name.slice(0, 200), price: formatPrice(o), url: o.url })),
    testimonials: r.testimonials.slice(0, 50).map((t) => ({ quote: t.quote.slice(0, 2000), author: t.author.slice(0, 200) })),
  };
}

/** docs/product-spec.md §2 Site Scan Preview: POST /api/website/scan; Continue once a result exists (§8 toasts). */
export function ScanStep({ state, update }: StepProps) {
  const { toast } = useToast();
  const scan = useMutation({
    mutationFn: scanWebsite,
    onSuccess: (result) => {
      const data = toScannedData(result);
      update({ scannedData: data, businessName: state.businessName || result.businessName || '' });
      toast({ title: 'Website scanned', description: `Found ${data.offers.length} offers and ${data.testimonials.length} testimonials.`, variant: 'success' });
    },
    onError: (err) => toast({ title: 'Scan Failed', description: errorMessage(err, SCAN_FAILED_FALLBACK), variant: 'destructive' }),
  });

  const start = () => {
    if (!state.websiteUrl.trim()) {
      toast({ title: 'Website Required', description: 'Enter your website address to scan it.', variant: 'destructive' });
      return;
    }
    scan.mutate(state.websiteUrl.trim());
  };

  return (
    <div>
      <StepHeading title="Scan your website" description="Replypilot reads your site for your offers and testimonials and adds them to your knowledge base." />
      <div className="space-y-5">
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            start();
          }}
        >
          <TextField
            className="flex-1"
            label="Website"
            type="url"
            placeholder="https://yourbusiness.com"
            value={state.websiteUrl}
            onChange={(e) => update({ websiteUrl: e.target.value })}
          />
          <Button type="submit" variant="outline" loading={scan.isPending}>
            {state.scannedData ? 'Scan again' : 'Scan website'}
          </Button>
        </form>
        {scan.isPending && <p className="text-sm text-slate-500 dark:text-slate-400">Reading your pages… this takes a few seconds.</p>}
        {state.scannedData && <ScanResults data={state.scannedData} />}
        <TextField
          label="Business name"
          placeholder="Acme Studio"
          value={state.businessName}
          onChange={(e) => update({ businessName: e.target.value })}
          hint={state.scannedData ? 'Taken from your site; change it if needed.' : 'Filled in from your site after the scan.'}
        />
      </div>
    </div>
  );
}
