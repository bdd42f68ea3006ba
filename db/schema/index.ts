export * from './workspaces';
export * from './users';
export * from './sessions';
export * from './newsletter';
export * from './rate-limits';
