/** Three bouncing dots while an answer is on its way. */
export function TypingDots({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="flex gap-1 px-1 py-1.5">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="h-1.5 w-1.5 animate-bounce-dot rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}
