import type { FlowPlatform, NodeKind } from '@contracts/flows';
import type { FieldErrors } from '../graph/config-errors';

export interface ConfigFormProps {
  kind: NodeKind;
  config: Record<string, unknown>;
  onChange: (config: Record<string, unknown>) => void;
  errors: FieldErrors;
  /** The flow's platform (which accounts the trigger can pick). */
  platform: FlowPlatform;
}
