/** The last answer's suggested next messages; a chip fills the input, it never sends. */
export function SuggestedReplies({ replies, onPick }: { replies: string[]; onPick: (reply: string) => void }) {
  if (replies.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 px-3 pb-1 sm:px-4" aria-label="Suggested replies" role="group">
      {replies.map((reply) => (
        <button
          key={reply}
          type="button"
          onClick={() => onPick(reply)}
          className="rounded-full border border-indigo-200 px-3 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 dark:border-indigo-500/40 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
        >
          {reply}
        </button>
      ))}
    </div>
  );
}
