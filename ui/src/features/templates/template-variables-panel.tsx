import { Link } from 'react-router-dom';
import type { TemplateVariableUse } from '@contracts/templates';
import { Icon } from '../../components/icon';

interface TemplateVariablesPanelProps {
  variables: TemplateVariableUse[];
  signedIn: boolean;
}

/**
 * The business details a template fills in, as the preview shows them: each value this workspace
 * gets, and for a missing one what the draft will say instead and where to add it.
 */
export function TemplateVariablesPanel({ variables, signedIn }: TemplateVariablesPanelProps) {
  if (variables.length === 0) return null;
  const missing = variables.filter((v) => v.missing).length;
  return (
    <section aria-label="Your details in this template" className="border-t border-slate-100 px-4 py-3 sm:px-5 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
        Your details in this template
        <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">
          {!signedIn
            ? 'Sign in to see it filled with your business details.'
            : missing === 0
              ? 'Everything is filled from your workspace.'
              : `${missing} missing: the draft shows a placeholder until you add ${missing === 1 ? 'it' : 'them'}.`}
        </span>
      </h3>
      <ul className="mt-2 grid max-h-32 gap-x-6 gap-y-1.5 overflow-y-auto text-sm sm:grid-cols-2" data-testid="template-variables">
        {variables.map((v) => (
          <li key={v.name} className="flex min-w-0 items-start gap-2" data-variable={v.name} data-missing={v.missing}>
            <Icon
              name={v.missing ? 'alert' : 'check-circle'}
              size={16}
              className={v.missing ? 'mt-0.5 shrink-0 text-amber-500' : 'mt-0.5 shrink-0 text-emerald-500'}
            />
            <span className="min-w-0">
              <span className="font-medium text-slate-700 dark:text-slate-200">{v.label}: </span>
              {v.missing ? (
                <span className="text-amber-700 dark:text-amber-300">
                  missing — shows “{v.value}”
                  {signedIn && v.fix && (
                    <>
                      {' · '}
                      <Link to={v.fix.path} className="font-medium underline underline-offset-2 hover:text-amber-900 dark:hover:text-amber-100">
                        add it in {v.fix.where}
                      </Link>
                    </>
                  )}
                </span>
              ) : (
                <span className="break-words text-slate-600 dark:text-slate-400">{v.value}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
