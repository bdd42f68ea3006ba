import type { Flow } from '@contracts/flows';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { Icon } from '../../../components/icon';
import { useCan } from '../../team/use-can';
import { ViewOnly } from '../../team/view-only';
import { StartStopButton } from './start-stop-button';
import type { SaveIntent } from './use-flow-save';

interface EditorHeaderProps {
  name: string;
  onName: (name: string) => void;
  isActive: boolean;
  /** The server's copy (null until a new flow is first saved). */
  saved: Flow | null;
  dirty: boolean;
  saving: SaveIntent | null;
  onSave: () => void;
  onStart: () => void;
  onStop: () => void;
  startProblems: string[];
  onTestRun: (() => void) | null;
  /** Saves the server's copy as a workspace template; null until the flow is first saved. */
  onSaveAsTemplate: (() => void) | null;
  savingTemplate: boolean;
}

/** Back, editable name and status on the left; Test run, Save as template, Save and Start/Stop on the right. */
export function EditorHeader(props: EditorHeaderProps) {
  const { saved, isActive, dirty, saving } = props;
  const canEdit = useCan('flows:write');

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <ButtonLink to="/flows" variant="ghost" size="sm" className="-ml-2 px-2">
        <Icon name="arrow-left" size={16} /> Back
      </ButtonLink>
      {/* At least 12rem: on a phone the buttons wrap below rather than squeeze the name to "Untitlec". */}
      <div className="flex min-w-48 flex-1 flex-wrap items-center gap-2">
        {/* The page's heading is the flow's name, editable in place. */}
        <h1 className="max-w-full min-w-0">
          <input
            aria-label="Flow name"
            value={props.name}
            maxLength={120}
            onChange={(e) => props.onName(e.target.value)}
            placeholder="Untitled Flow"
            className="field-sizing-content max-w-full min-w-24 rounded-md border border-transparent bg-transparent px-1.5 py-0.5 text-xl font-semibold tracking-tight text-slate-900 hover:border-slate-300 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:text-white dark:hover:border-slate-700"
          />
        </h1>
        <Badge tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Active' : 'Inactive'}</Badge>
        {saved?.publishedVersion != null && (
          <Badge tone="brand" className="hidden sm:inline-flex">
            v{saved.publishedVersion}
          </Badge>
        )}
        {(dirty || !saved) && <span className="text-xs text-amber-700 dark:text-amber-400">{saved ? 'Unsaved changes' : 'Not saved yet'}</span>}
      </div>
      {/* Wraps on a phone: a saved flow has four buttons, wider than 390 px. */}
      {!canEdit && <ViewOnly permission="flows:write" />}
      <div className={canEdit ? 'flex flex-wrap items-center gap-2' : 'hidden'}>
        {props.onTestRun && (
          <Button variant="outline" onClick={props.onTestRun} title="Run the published flow for a sandbox contact">
            <Icon name="send" size={14} /> Test run
          </Button>
        )}
        {props.onSaveAsTemplate && (
          <Button
            variant="outline"
            onClick={props.onSaveAsTemplate}
            loading={props.savingTemplate}
            disabled={dirty}
            title={dirty ? 'Save your changes first: the template is made from the saved flow' : 'Save this flow as a template in My Templates'}
          >
            <Icon name="layers" size={14} /> Save as template
          </Button>
        )}
        <Button variant="outline" onClick={props.onSave} loading={saving === 'save'} disabled={saving !== null && saving !== 'save'}>
          {saving === 'save' ? 'Saving...' : 'Save'}
        </Button>
        <StartStopButton
          isActive={isActive}
          onStart={props.onStart}
          onStop={props.onStop}
          pending={saving === 'start' || saving === 'stop'}
          problems={props.startProblems}
        />
      </div>
    </div>
  );
}
