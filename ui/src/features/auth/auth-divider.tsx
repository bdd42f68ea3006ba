export function AuthDivider({ label }: { label: string }) {
  return (
    <div className="relative my-6">
      <div className="absolute inset-0 flex items-center" aria-hidden="true">
        <div className="w-full border-t border-slate-200 dark:border-slate-800" />
      </div>
      <p className="relative flex justify-center">
        <span className="bg-white px-3 text-xs text-slate-500 uppercase dark:bg-slate-950 dark:text-slate-400">{label}</span>
      </p>
    </div>
  );
}
