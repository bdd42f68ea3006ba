import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { RunDetailView } from './run-detail';

/** /runs/:id */
export function RunDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RunDetailView
      key={id}
      runId={id}
      onReplayed={(run) => void navigate(`/runs/${run.id}`)}
      back={
        <ButtonLink to="/runs" variant="ghost" size="sm" className="-ml-3">
          <Icon name="arrow-left" size={16} /> All runs
        </ButtonLink>
      }
    />
  );
}
