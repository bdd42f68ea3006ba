import type { Figures } from './figures';

/**
 * GET /api/stats/public: the landing page's instance-wide counts, only when the operator turned them
 * on (PUBLIC_STATS); otherwise `enabled: false` and nothing else, and the landing page shows no block.
 * The counts are glossary figures (docs/product-spec.md, Glossary) summed over every workspace but
 * the demo visitors', with the same definitions the dashboard and Analytics use (db/figures/).
 */
export type PublicStatsResponse =
  | { enabled: false }
  | {
      enabled: true;
      commentsAnswered: number;
      automatedReplies: number;
      leads: number;
      /** How much of each count happened on the simulator's sandbox accounts (included in it). */
      simulated: Pick<Figures['simulated'], 'commentsAnswered' | 'automatedReplies'>;
    };
