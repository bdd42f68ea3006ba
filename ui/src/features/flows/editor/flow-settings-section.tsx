import { flowPlatforms } from '../../../../../contracts/flows';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/text-field';
import { platformLabels } from '../flow-labels';
import { PanelSection } from './panel-section';
import type { FlowSettings } from './use-flow-draft';

interface FlowSettingsSectionProps {
  settings: FlowSettings;
  onChange: (settings: FlowSettings) => void;
}

const platformOptions = flowPlatforms.map((p) => ({ value: p, label: platformLabels[p] }));

export function FlowSettingsSection({ settings, onChange }: FlowSettingsSectionProps) {
  return (
    <PanelSection title="Flow Settings">
      <div className="space-y-3">
        <TextField label="Name" value={settings.name} maxLength={120} onChange={(e) => onChange({ ...settings, name: e.target.value })} />
        <TextareaField
          label="Description"
          rows={2}
          maxLength={1000}
          value={settings.description}
          placeholder="What this flow does"
          onChange={(e) => onChange({ ...settings, description: e.target.value })}
        />
        <SelectField
          label="Platform"
          value={settings.platform}
          options={platformOptions}
          onChange={(e) => onChange({ ...settings, platform: e.target.value as FlowSettings['platform'] })}
        />
      </div>
    </PanelSection>
  );
}
