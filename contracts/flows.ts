/**
 * Flows (docs/product-spec.md §3 Flow / Flow node / Flow edge) and what the builder, compiler, interpreter, API and
 * Runs view exchange. The public entry: everything lives in contracts/flows/, re-exported here.
 *
 * - flows/node-kinds.ts   the kinds and their palette metadata (no zod)
 * - flows/nodes/          one file per node kind: config schema + default config; index.ts assembles
 *                         nodeConfigSchemas, defaultConfig and handlesOf
 * - flows/graph.ts        the React Flow graph: nodes, edges
 * - flows/flow-errors.ts  compiler findings
 * - flows/flows.api.ts    flow request bodies and the Flow DTO
 * - flows/runs.api.ts     run statuses, run DTOs, test runs
 */

export * from './flows/node-kinds';
export * from './flows/nodes';
export * from './flows/graph';
export * from './flows/flow-errors';
export * from './flows/flows.api';
export * from './flows/runs.api';
