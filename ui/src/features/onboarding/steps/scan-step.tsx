import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

/** Website scanning (POST /api/website/scan) is not built yet: the business name is entered by hand. */
export function ScanStep({ state, update }: StepProps) {
  return (
    <div>
      <StepHeading
        title="Tell us about your business"
        description="Replypilot uses this to introduce your business in replies."
      />
      <div className="space-y-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            className="flex-1"
            label="Website"
            type="url"
            placeholder="https://yourbusiness.com"
            value={state.websiteUrl}
            onChange={(e) => update({ websiteUrl: e.target.value })}
            hint="Optional for now."
          />
          <Button variant="outline" disabled className="sm:mb-6">
            Scan website
          </Button>
        </div>
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          Automatic website scanning isn't available yet, so nothing is read from your site. Enter your business name
          below to continue.
        </p>
        <TextField
          label="Business name"
          placeholder="Acme Studio"
          value={state.businessName}
          onChange={(e) => update({ businessName: e.target.value })}
          hint="Required to continue."
        />
      </div>
    </div>
  );
}
