import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

const platforms: Array<{ name: string; icon: IconName; tone: string; text: string }> = [
  {
    name: 'Instagram',
    icon: 'instagram',
    tone: 'from-amber-400 via-pink-500 to-violet-600',
    text: 'Business or Creator account linked to a Facebook Page. Comments, DMs and story replies.',
  },
  {
    name: 'Facebook Business',
    icon: 'facebook',
    tone: 'from-blue-500 to-blue-700',
    text: 'Your Facebook Pages: Messenger conversations and post comments.',
  },
  {
    name: 'Twitter',
    icon: 'x-brand',
    tone: 'from-slate-700 to-slate-950',
    text: 'X direct messages through the X API.',
  },
];

const steps = [
  { title: 'Authorize', text: 'You sign in with the platform and grant Replypilot messaging access.' },
  { title: 'Choose automations', text: 'Pick a template or build a flow, and turn comment rules on.' },
  { title: 'Replies go out', text: 'Replypilot answers comments and DMs within each platform’s rules.' },
];

export function ConnectAccountsPage() {
  return (
    <div className="space-y-8">
      <PageHeader title="Connect Accounts" description="Link the social accounts Replypilot should automate." />
      <div
        role="note"
        className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <Icon name="clock" size={18} className="mt-0.5 shrink-0" />
        <p>
          Connecting Instagram, Facebook and X accounts is part of an upcoming release. Until then these buttons are
          disabled — nothing is connected and no data is shown.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {platforms.map((platform) => (
          <Card key={platform.name} className="flex flex-col p-6">
            <span
              className={`flex h-11 w-11 items-center justify-center rounded-xl bg-gradient-to-br text-white ${platform.tone}`}
            >
              <Icon name={platform.icon} size={22} />
            </span>
            <div className="mt-4 flex items-center gap-2">
              <h2 className="font-semibold text-slate-900 dark:text-white">{platform.name}</h2>
              <Badge>Not connected</Badge>
            </div>
            <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{platform.text}</p>
            <Button className="mt-5" disabled>
              Connect {platform.name}
            </Button>
          </Card>
        ))}
      </div>
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">Automation Control</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Start automations once at least one account is connected.
            </p>
          </div>
          <Button disabled>
            <Icon name="play" size={16} /> Start Automation
          </Button>
        </div>
      </Card>
      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-lg font-semibold text-slate-900 dark:text-white">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <span className="flex h-7 w-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 font-medium text-slate-900 dark:text-white">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
