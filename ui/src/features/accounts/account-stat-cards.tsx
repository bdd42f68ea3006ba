import type { DashboardToday } from '@contracts/dashboard';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import { count, figureTerms, simulatedNote } from '../figures/figure-labels';

function Stat({ icon, label, value, note, to, hint }: { icon: IconName; label: string; value: string; note?: string; to?: string; hint: string }) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Icon name={icon} size={16} className="text-indigo-500" /> {label}
      </span>
      <span
        className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums group-hover:text-indigo-600 dark:text-white dark:group-hover:text-indigo-400"
        data-testid={`account-stat-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {value}
      </span>
      {note && <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">{note}</span>}
    </>
  );
  return (
    <Card className="p-5" title={hint}>
      {to ? (
        <Link to={to} className="group block focus-visible:outline-2 focus-visible:outline-indigo-500">
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/**
 * docs/product-spec.md §2 Connect Accounts' three stat cards: connected accounts (the simulator's
 * sandbox accounts are accounts too), today's automated replies and what is switched on, from the
 * dashboard's figures (GET /api/dashboard/today): the same numbers the dashboard shows.
 */
export function AccountStatCards({ today: d }: { today: DashboardToday }) {
  const accounts = d.state.connectedAccounts;
  const live = d.state.activeFlows + d.state.activeRules;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Stat
        icon="link"
        label="Connected accounts"
        value={count(accounts.total)}
        note={simulatedNote(accounts.simulator)}
        hint="Accounts connected to this workspace and switched on, the simulator's sandbox accounts included."
      />
      <Stat
        icon="send"
        label={`${figureTerms.automatedReplies.label} today`}
        value={count(d.figures.automatedReplies)}
        note={simulatedNote(d.figures.simulated.automatedReplies)}
        to="/analytics"
        hint={figureTerms.automatedReplies.hint}
      />
      <Stat
        icon="zap"
        label="Automations on"
        value={count(live)}
        note={`${count(d.state.activeFlows)} ${d.state.activeFlows === 1 ? 'flow' : 'flows'} · ${count(d.state.activeRules)} comment ${d.state.activeRules === 1 ? 'rule' : 'rules'}`}
        to="/automation"
        hint="Published flows and comment rules that are switched on."
      />
    </div>
  );
}
