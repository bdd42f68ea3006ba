import { Badge, type BadgeTone } from '../../components/badge';
import { Spinner } from '../../components/spinner';
import type { CheckRun } from './diagnostic.types';

export type StatusVocabulary = 'test' | 'validation';

export function statusLabel(run: CheckRun, vocabulary: StatusVocabulary): { label: string; tone: BadgeTone } {
  if (run.state === 'pending') return { label: 'pending', tone: 'neutral' };
  if (run.state === 'running') return { label: vocabulary === 'test' ? 'running' : 'testing', tone: 'info' };
  const status = run.result?.status ?? 'fail';
  if (status === 'not_available') return { label: 'not available', tone: 'neutral' };
  if (vocabulary === 'validation') {
    if (status === 'pass') return { label: 'working', tone: 'success' };
    if (status === 'needs_auth') return { label: 'needs_auth', tone: 'warning' };
    return { label: 'issues', tone: 'danger' };
  }
  if (status === 'pass') return { label: 'pass', tone: 'success' };
  if (status === 'fail') return { label: 'fail', tone: 'danger' };
  return { label: 'warning', tone: 'warning' };
}

export function CheckStatusBadge({ run, vocabulary }: { run: CheckRun; vocabulary: StatusVocabulary }) {
  const { label, tone } = statusLabel(run, vocabulary);
  return (
    <Badge tone={tone}>
      {run.state === 'running' && <Spinner size={10} />}
      {label}
    </Badge>
  );
}
