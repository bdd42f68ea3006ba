import { useReadableFit } from './use-readable-fit';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/icon';
import { cn } from '../../../lib/cn';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

interface CanvasToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  canDuplicate: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDuplicate: () => void;
  onLayout: () => void;
  fullScreen: boolean;
  onFullScreen: () => void;
  /** The problems / ready status, shown next to the tools. */
  children: ReactNode;
}

function ToolButton({
  icon,
  label,
  shortcut,
  disabled,
  onClick,
}: {
  icon: IconName;
  label: string;
  shortcut?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      className="flex h-8 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon name={icon} size={15} />
      <span className="hidden 2xl:inline">{label}</span>
    </button>
  );
}

/** Above the canvas: Undo, Redo, Duplicate, Auto-layout, Fit view, Full screen, then the flow's status. Needs a ReactFlowProvider. */
export function CanvasToolbar({
  canUndo,
  canRedo,
  canDuplicate,
  onUndo,
  onRedo,
  onDuplicate,
  onLayout,
  fullScreen,
  onFullScreen,
  children,
}: CanvasToolbarProps) {
  const readableFit = useReadableFit();
  const fit = () => readableFit(200);
  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-white px-2 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      <div role="toolbar" aria-label="Canvas tools" className={cn('flex shrink-0 items-center gap-0.5')}>
        <ToolButton icon="undo" label="Undo" shortcut={`${mod}Z`} disabled={!canUndo} onClick={onUndo} />
        <ToolButton icon="redo" label="Redo" shortcut={`${mod}Shift+Z`} disabled={!canRedo} onClick={onRedo} />
        <ToolButton icon="copy" label="Duplicate" shortcut={`${mod}D`} disabled={!canDuplicate} onClick={onDuplicate} />
        <ToolButton
          icon="layers"
          label="Auto-layout"
          onClick={() => {
            onLayout();
            // After React has placed the nodes.
            requestAnimationFrame(fit);
          }}
        />
        <ToolButton icon="maximize" label="Fit view" onClick={fit} />
        <ToolButton
          icon={fullScreen ? 'shrink' : 'expand'}
          label={fullScreen ? 'Exit full screen' : 'Full screen'}
          shortcut={fullScreen ? 'Esc' : undefined}
          onClick={() => {
            onFullScreen();
            // The canvas changes size: fit again once it has.
            requestAnimationFrame(() => requestAnimationFrame(fit));
          }}
        />
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
