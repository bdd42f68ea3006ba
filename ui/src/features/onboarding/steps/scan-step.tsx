import { useMutation } from '@tanstack/react-query';
import type { ScannedData } from '@contracts/onboarding';
import { SCAN_FAILED_FALLBACK, type WebsiteScanResult } from '@contracts/website-scan';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
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

/**
 * docs/product-spec.md §2 Site Scan Preview: POST /api/website/scan (§8 toasts). Unlike the spec,
 * Continue never waits for a scan: a creator without a website says so, and a scan that fails
 * (no internet on the server, a typo) says why and lets them go on.
 */
export function ScanStep({ state, update }: StepProps) {
  const { toast } = useToast();
  const scan = useMutation({
    mutationFn: scanWebsite,
    onSuccess: (result) => {
      const data = toScannedData(result);
      update({ scannedData: data, noWebsite: false, businessName: state.businessName || result.businessName || '' });
      toast({ title: 'Website scanned', description: `Found ${data.offers.length} offers and ${data.testimonials.length} testimonials.`, variant: 'success' });
    },
    // No toast: the reason stays on the page (below), where a toast would vanish and cover Continue.
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
      <StepHeading
        title="Scan your website"
        description="Replypilot reads your site for your offers and testimonials and adds them to your knowledge base. No website? Skip this: you can add facts by hand."
      />
      <div className="space-y-5">
        {state.noWebsite ? (
          <NoWebsitePanel state={state} update={update} />
        ) : (
          <>
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
            {scan.isError && !scan.isPending && (
              <div
                role="alert"
                className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
              >
                <p className="font-medium">Scan Failed: {errorMessage(scan.error, SCAN_FAILED_FALLBACK)}</p>
                <p className="mt-1">Check the address and scan again, or continue without a scan: you can scan your site later from Knowledge.</p>
              </div>
            )}
            {state.scannedData && <ScanResults data={state.scannedData} />}
            {!state.scannedData && (
              <Button type="button" variant="ghost" size="sm" onClick={() => update({ noWebsite: true, websiteUrl: '' })}>
                I don't have a website
              </Button>
            )}
          </>
        )}
        <TextField
          label="Business name"
          placeholder="Acme Studio"
          value={state.businessName}
          onChange={(e) => update({ businessName: e.target.value })}
          hint={
            state.scannedData
              ? 'Taken from your site; change it if needed.'
              : state.noWebsite
                ? 'How your replies sign off.'
                : 'Filled in from your site after the scan.'
          }
        />
      </div>
    </div>
  );
}

/** Without a website: what the assistant will know instead, and the one link they share, if any. */
function NoWebsitePanel({ state, update }: StepProps) {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-800/40" data-testid="no-website">
      <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
        <Icon name="check-circle" size={18} className="mt-0.5 shrink-0 text-emerald-600 dark:text-emerald-400" />
        <span>
          No website, no problem. Your assistant answers from what you tell it in the next step, and from anything you add on the Knowledge page later.
        </span>
      </p>
      <TextField
        label="A link to share (optional)"
        type="url"
        placeholder="https://linktr.ee/yourbrand"
        value={state.websiteUrl}
        onChange={(e) => update({ websiteUrl: e.target.value })}
        hint="Your shop, booking page or link in bio: automated replies send it when someone asks for the link."
      />
      <Button type="button" variant="ghost" size="sm" onClick={() => update({ noWebsite: false, websiteUrl: '' })}>
        I have a website to scan
      </Button>
    </div>
  );
}
