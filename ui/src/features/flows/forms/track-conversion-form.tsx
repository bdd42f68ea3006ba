import { useState } from 'react';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import type { ConfigFormProps } from './form-types';

/** Track Conversion: the sale's amount, typed in dollars and stored in whole cents (USD only). */
export function TrackConversionForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<{ amountCents: number; currency: 'USD' }>(kind, config);
  const [text, setText] = useState((c.amountCents / 100).toFixed(2));
  return (
    <TextField
      label="Amount (USD)"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const dollars = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(dollars)) onChange({ ...c, currency: 'USD', amountCents: Math.round(dollars * 100) });
      }}
      error={errors.amountCents}
      hint="Recorded once per run when the contact reaches this step; it counts toward this flow's conversions and revenue."
    />
  );
}
