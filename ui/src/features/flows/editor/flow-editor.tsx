import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Flow } from '@contracts/flows';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { ClashWarning } from '../../comment-rules/clash-warning';
import { ConfirmDialog } from '../confirm-dialog';
import { freeHandles, type AddFrom } from '../graph/builder-operations';
import { describeError, groupErrors } from '../graph/flow-errors';
import { AddFromContext } from './add-from.context';
import { CanvasToolbar } from './canvas-toolbar';
import { EditorHeader } from './editor-header';
import { EditorTabs, type EditorTab } from './editor-tabs';
import { FlowCanvas } from './flow-canvas';
import { FlowRunsTab } from './flow-runs-tab';
import { NodeErrorsContext } from './node-errors.context';
import { ProblemsPanel } from './problems-panel';
import { SidePanel } from './side-panel';
import { TestRunDialog } from './test-run-dialog';
import { useFlowClashes } from './use-flow-clashes';
import { useFullScreen } from './use-full-screen';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useFlowDraft } from './use-flow-draft';
import { useFlowSave } from './use-flow-save';
import { useFlowValidation } from './use-flow-validation';
import { useLeaveGuard } from './use-leave-guard';
import { useSaveAsTemplate } from '../../templates/use-save-as-template';

interface FlowEditorProps {
  /** null = a new flow, created by the first Save/Start. */
  flowId: string | null;
  /** What the editor starts from (null = docs/product-spec.md §3 new flow). */
  initial: Flow | null;
  /** The server's current copy (version, runs), kept fresh by the query cache. */
  saved: Flow | null;
  onCreated: (flow: Flow) => void;
  /** Throws this draft away and opens the server's latest copy (after a 409). */
  onReload: () => void;
}

/** Header, Builder | Runs tabs, the canvas and its 20rem panel. */
export function FlowEditor({ flowId, initial, saved, onCreated, onReload }: FlowEditorProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const draft = useFlowDraft(initial);
  const liveErrors = useFlowValidation(draft.graph, draft.settings.platform);
  const guard = useLeaveGuard(draft.dirty);
  const saving = useFlowSave(flowId, draft, (flow) => {
    guard.allowNext();
    onCreated(flow);
  });
  const [testing, setTesting] = useState(false);
  const saveAsTemplate = useSaveAsTemplate();
  /** The exit whose "+" was pressed (while its node stays selected). */
  const [addFromPicked, setAddFrom] = useState<AddFrom | null>(null);
  /** Why the last connection was refused, shown over the canvas for a few seconds. */
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmStart, setConfirmStart] = useState(false);
  const fullScreen = useFullScreen();
  const triggerNode = draft.nodes.find((n) => n.data.kind === 'trigger');
  const clashes = useFlowClashes(flowId, draft.settings.platform, triggerNode);
  const addFrom = addFromPicked && draft.selectedNode?.id === addFromPicked.nodeId ? addFromPicked : null;
  const { nodes, edges, dispatch } = draft;
  const addFromActions = useMemo(
    () => ({
      freeHandles: new Map(nodes.map((n) => [n.id, freeHandles(n, edges)])),
      addFrom,
      onAddFrom: (from: AddFrom) => {
        setAddFrom(from);
        dispatch({ type: 'selectOnlyNode', nodeId: from.nodeId });
      },
    }),
    [nodes, edges, dispatch, addFrom],
  );
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), 6000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const errors = saving.rejectedErrors ?? liveErrors;
  const grouped = useMemo(() => groupErrors(errors), [errors]);
  const labelOf = (id: string) => draft.nodes.find((n) => n.id === id)?.data.label || undefined;
  const tab: EditorTab = flowId && params.get('tab') === 'runs' ? 'runs' : 'builder';
  const runId = params.get('run');
  const shortcuts = useEditorShortcuts(draft, tab === 'builder');
  // Only a trigger: the compiler has nothing to object to, but nothing would happen either.
  const empty = !draft.nodes.some((n) => n.data.kind !== 'trigger');
  const startProblems = [
    ...(empty ? ['Add at least one step after the trigger'] : []),
    ...errors.map((e) => describeError(e, labelOf)),
    // The same refusal Start would get from the server: a trigger comment rules leave nothing to answer.
    ...(clashes?.neverFires ? [clashes.neverFires] : []),
  ];
  // Start asks first when the trigger's keywords are also another automation's.
  const start = () => (clashes && clashes.clashes.length > 0 ? setConfirmStart(true) : saving.save('start'));

  const runsHref = (id?: string) => `?tab=runs${id ? `&run=${encodeURIComponent(id)}` : ''}`;
  const setTab = (next: EditorTab) => setParams(next === 'runs' ? { tab: 'runs' } : {}, { replace: false });

  return (
    <div
      className={cn(
        'flex flex-col gap-3',
        fullScreen.on
          ? 'fixed inset-0 z-40 overflow-y-auto bg-slate-50 p-3 lg:overflow-hidden dark:bg-slate-950'
          : tab === 'builder' && 'lg:h-[calc(100dvh-8rem)] lg:min-h-[36rem]',
      )}
    >
      <EditorHeader
        name={draft.settings.name}
        onName={(name) => draft.dispatch({ type: 'setName', name })}
        isActive={draft.isActive}
        saved={saved}
        dirty={draft.dirty}
        saving={saving.pending ? saving.intent : null}
        onSave={() => saving.save('save')}
        onStart={start}
        onStop={() => saving.save('stop')}
        startProblems={startProblems}
        onTestRun={saved ? () => setTesting(true) : null}
        onSaveAsTemplate={saved ? () => saveAsTemplate.mutate({ flowId: saved.id, name: saved.name }) : null}
        savingTemplate={saveAsTemplate.isPending}
      />
      {saving.conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/60 dark:text-amber-200"
        >
          <Icon name="alert" size={16} />
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">This flow was changed in another tab or by someone else.</strong> Your changes are not saved. Reload to see the
            latest version (your edits here are discarded), or overwrite it with yours.
          </p>
          <Button
            size="sm"
            onClick={() => {
              guard.allowNext();
              onReload();
            }}
          >
            Reload latest
          </Button>
          <Button size="sm" variant="outline" onClick={() => saving.save('save', true)}>
            Overwrite with mine
          </Button>
        </div>
      )}
      <EditorTabs tab={tab} onTab={setTab} runsDisabled={!flowId} />
      {tab === 'builder' ? (
        <div
          id="flow-panel-builder"
          role="tabpanel"
          aria-labelledby="flow-tab-builder"
          className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:min-h-0 lg:flex-1 lg:flex-row dark:border-slate-800 dark:bg-slate-900"
        >
          <ReactFlowProvider>
            <div className="flex h-[60vh] min-h-80 flex-col bg-slate-50 lg:h-auto lg:min-w-0 lg:flex-1 dark:bg-slate-950">
              <CanvasToolbar
                canUndo={draft.canUndo}
                canRedo={draft.canRedo}
                canDuplicate={draft.nodes.some((n) => n.selected && n.data.kind !== 'trigger')}
                onUndo={draft.undo}
                onRedo={draft.redo}
                onDuplicate={shortcuts.duplicate}
                onLayout={() => draft.dispatch({ type: 'autoLayout' })}
                fullScreen={fullScreen.on}
                onFullScreen={fullScreen.toggle}
              >
                <ProblemsPanel errors={errors} empty={empty} labelOf={labelOf} onSelectNode={(nodeId) => draft.dispatch({ type: 'selectOnlyNode', nodeId })} />
              </CanvasToolbar>
              <div className="relative min-h-0 flex-1">
                <NodeErrorsContext.Provider value={grouped.byNode}>
                  <AddFromContext.Provider value={addFromActions}>
                    <FlowCanvas
                      nodes={draft.nodes}
                      edges={draft.edges}
                      edgeErrors={grouped.byEdge}
                      onNodesChange={draft.onNodesChange}
                      onEdgesChange={draft.onEdgesChange}
                      onConnect={draft.onConnect}
                      onDelete={(nodeIds, edgeIds) => draft.dispatch({ type: 'deleteNodes', nodeIds, edgeIds })}
                      onRefused={setNotice}
                    />
                  </AddFromContext.Provider>
                </NodeErrorsContext.Provider>
                {notice && (
                  <div
                    role="status"
                    data-testid="connection-refused"
                    className="absolute top-3 left-1/2 z-10 flex w-[min(28rem,calc(100%-1.5rem))] -translate-x-1/2 items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 shadow-md dark:border-amber-500/40 dark:bg-amber-950 dark:text-amber-200"
                  >
                    <Icon name="alert" size={16} className="mt-0.5 shrink-0" />
                    <p className="min-w-0 flex-1">
                      <strong className="font-semibold">Not connected.</strong> {notice}
                    </p>
                    <button
                      type="button"
                      onClick={() => setNotice(null)}
                      aria-label="Dismiss"
                      className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900"
                    >
                      <Icon name="x" size={14} />
                    </button>
                  </div>
                )}
              </div>
            </div>
          </ReactFlowProvider>
          <SidePanel
            settings={draft.settings}
            nodes={draft.nodes}
            selected={draft.selectedNode}
            selectedErrors={draft.selectedNode ? (grouped.byNode.get(draft.selectedNode.id) ?? []) : []}
            dispatch={draft.dispatch}
            addFrom={addFrom}
            onAddFromDone={() => setAddFrom(null)}
            triggerClashes={clashes}
          />
        </div>
      ) : (
        <div id="flow-panel-runs" role="tabpanel" aria-labelledby="flow-tab-runs">
          <FlowRunsTab flowId={flowId!} runId={runId} tabHref={runsHref} onOpenRun={(id) => void navigate(runsHref(id))} />
        </div>
      )}
      {saved && (
        <TestRunDialog
          flow={saved}
          open={testing}
          dirty={draft.dirty}
          onClose={() => setTesting(false)}
          onStarted={(run) => {
            setTesting(false);
            void navigate(runsHref(run.id));
          }}
        />
      )}
      <ConfirmDialog
        open={confirmStart}
        title="Start this flow?"
        description={
          <>
            <p>Its trigger’s keywords are also another automation’s. Here is who answers what once it is live:</p>
            {clashes && (
              <div className="mt-3">
                <ClashWarning report={clashes} subject="flow" />
              </div>
            )}
          </>
        }
        confirmLabel="Start anyway"
        cancelLabel="Not yet"
        pending={saving.pending && saving.intent === 'start'}
        onClose={() => setConfirmStart(false)}
        onConfirm={() => {
          setConfirmStart(false);
          saving.save('start');
        }}
      />
      {guard.dialog}
    </div>
  );
}
