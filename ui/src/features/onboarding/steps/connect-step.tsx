import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { useConnectOptions } from '../../accounts/use-connect-options';
import { onboardingPlatforms } from '../onboarding.data';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

interface ConnectStepProps extends StepProps {
  /** Saves progress first: connecting leaves the page for the platform's login. */
  beforeLeave: () => void;
}

/**
 * docs/product-spec.md §2 Connect Account: Instagram and Messenger connect through /oauth/{platform}
 * when this server has a Meta app; without one the sandbox accounts every workspace has stand in.
 * WhatsApp has a setup page only.
 */
export function ConnectStep({ state, update, beforeLeave }: ConnectStepProps) {
  const options = useConnectOptions();
  const platformId = (id: string) => (id === 'instagram' ? 'instagram' : 'facebook');
  const anyDisabled = !options.isPending && onboardingPlatforms.some((p) => !options.canConnect(platformId(p.id)));

  const connect = (platform: string) => {
    update({ connectedPlatform: platform });
    beforeLeave();
    window.location.assign(`/oauth/${platform}`);
  };

  return (
    <div>
      <StepHeading title="Connect an account" description="Link the account Replypilot should answer for. You can skip this and connect later." />
      <div className="grid gap-3 sm:grid-cols-3">
        {onboardingPlatforms.map((platform) => (
          <div
            key={platform.id}
            className={cn(
              'flex flex-col items-center rounded-xl border bg-white p-5 text-center dark:bg-slate-900',
              state.connectedPlatform === platform.id ? 'border-indigo-500 dark:border-indigo-400' : 'border-slate-200 dark:border-slate-800',
            )}
          >
            <Icon name={platform.icon} size={28} className="text-slate-600 dark:text-slate-300" />
            <p className="mt-2 font-medium text-slate-900 dark:text-white">{platform.name}</p>
            {options.isPending || options.canConnect(platformId(platform.id)) ? (
              <Button size="sm" variant="outline" className="mt-3 w-full" onClick={() => connect(platform.id)} disabled={options.isPending}>
                Connect
              </Button>
            ) : (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Not enabled on this server yet</p>
            )}
            {options.canEnable && (
              <Link to="/facebook/setup" className="mt-2 text-xs text-indigo-600 hover:underline dark:text-indigo-400">
                How to enable it
              </Link>
            )}
          </div>
        ))}
        <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900">
          <Icon name="whatsapp" size={28} className="text-slate-600 dark:text-slate-300" />
          <p className="mt-2 font-medium text-slate-900 dark:text-white">WhatsApp Business</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Not connectable yet</p>
          <Link to="/whatsapp/setup" className="mt-3 text-xs text-indigo-600 hover:underline dark:text-indigo-400">
            Setup guide
          </Link>
        </div>
      </div>
      {anyDisabled && (
        <div className="mt-4 flex flex-col gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800/60 dark:text-slate-300">
          <p>
            Instagram and Messenger aren't enabled on this server yet: an administrator has to turn them on before real accounts can connect. Your workspace
            already has a sandbox Instagram account and Messenger page to try everything with, in the Simulator.
          </p>
          <Button
            size="sm"
            variant={state.connectedPlatform === 'sandbox' ? 'primary' : 'outline'}
            className="shrink-0"
            onClick={() => update({ connectedPlatform: 'sandbox' })}
          >
            {state.connectedPlatform === 'sandbox' ? (
              <>
                <Icon name="check" size={16} /> Using the sandbox
              </>
            ) : (
              'Use the sandbox'
            )}
          </Button>
        </div>
      )}
    </div>
  );
}
