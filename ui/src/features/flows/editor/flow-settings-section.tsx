import { flowPlatforms, type FlowPlatform } from '@contracts/flows';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/text-field';
import { platformLabels } from '../flow-labels';
import type { FlowOperation, FlowSettings } from '../graph/flow-operations';
import { PanelSection } from './panel-section';

interface FlowSettingsSectionProps {
  settings: FlowSettings;
  dispatch: (op: FlowOperation) => void;
}

const platformOptions = flowPlatforms.map((p) => ({ value: p, label: platformLabels[p] }));

export function FlowSettingsSection({ settings, dispatch }: FlowSettingsSectionProps) {
  return (
    <PanelSection title="Flow Settings">
      <div className="space-y-3">
        <TextField label="Name" value={settings.name} maxLength={120} onChange={(e) => dispatch({ type: 'setName', name: e.target.value })} />
        <TextareaField
          label="Description"
          rows={2}
          maxLength={1000}
          value={settings.description}
          placeholder="What this flow does"
          onChange={(e) => dispatch({ type: 'setDescription', description: e.target.value })}
        />
        <SelectField
          label="Platform"
          value={settings.platform}
          options={platformOptions}
          // The options are exactly flowPlatforms.
          onChange={(e) => dispatch({ type: 'setPlatform', platform: e.target.value as FlowPlatform })}
        />
      </div>
    </PanelSection>
  );
}
