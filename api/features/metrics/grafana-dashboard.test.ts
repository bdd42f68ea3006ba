import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { createInstanceMetrics } from './instance-metrics';

/** deploy/grafana-dashboard.json charts only what /metrics serves, and every replypilot_* figure has a panel. */
const dashboard = JSON.parse(readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as {
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
};
const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

// Nothing is read until a scrape: the pool is never used here.
const { registry } = createInstanceMetrics({ pool: {} as pg.Pool, log: { warn: () => {}, info: () => {} }, workerStaleAfterMs: 60_000 });
const served = registry.getMetricsAsArray().flatMap((m) => {
  const { name, type } = m as unknown as { name: string; type: string };
  return type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
});

it('queries only metrics /metrics serves', () => {
  const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:replypilot|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!)));
  expect([...used].filter((name) => !served.includes(name))).toEqual([]);
});

it('has a panel for every replypilot metric but the read duration', () => {
  const unused = served.filter((name) => name.startsWith('replypilot_') && !/_(sum|count)$/.test(name) && !exprs.some((e) => e.includes(name)));
  expect(unused).toEqual(['replypilot_fleet_read_duration_seconds']);
});
