/**
 * SQL for a period of calendar days in a workspace's time zone (docs/product-spec.md, Glossary: a day
 * is a day in the workspace's zone), for reads that are not sums of the daily rollups (the series,
 * the link click-through, the first response time). `ws` and `days` are parameter references ("$1").
 */

/** The workspace's today, a date. */
export const workspaceTodaySql = (ws: string) => `(select (now() at time zone time_zone)::date from workspaces where id = ${ws})`;

/** The first instant (timestamptz) of the last `days` calendar days, today included, in the workspace's zone. */
export const periodStartSql = (ws: string, days: string) =>
  `(select (((now() at time zone time_zone)::date - (${days}::int - 1))::timestamp at time zone time_zone) from workspaces where id = ${ws})`;
