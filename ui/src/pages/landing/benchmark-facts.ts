// Quoted from the committed benchmark tests/perf/results/comment-dm.json (`npm run bench -- comment-dm`);
// benchmark-facts.test.ts fails when the file and these numbers disagree.

/** Comment received → private reply committed as sent, p99 in ms (includes the fake Graph API's 300 ms). */
export const commentToReplyP99Ms = 493.3;
/** When that benchmark ran (YYYY-MM-DD). */
export const benchmarkDate = '2026-11-28';
/** The landing page's "Replied in" figure: that p99 rounded UP to a tenth of a second, so it stays a true bound. */
export const replyBoundLabel = `≤ ${(Math.ceil(commentToReplyP99Ms / 100) / 10).toFixed(1)} s`;
