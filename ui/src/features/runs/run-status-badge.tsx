import type { RunStatus, RunStep } from '@contracts/flows';
import { Badge } from '../../components/badge';
import { Spinner } from '../../components/spinner';
import { statusLabel, statusTone } from './runs.helpers';

interface RunStatusBadgeProps {
  status: RunStatus | RunStep['status'];
  className?: string;
}

export function RunStatusBadge({ status, className }: RunStatusBadgeProps) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      {status === 'running' && <Spinner size={10} />}
      {statusLabel(status)}
    </Badge>
  );
}
