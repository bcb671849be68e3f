/** Test support shared by the services' security suites (imported only by tests). */
export * from './admin-attacks.js';
export * from './endpoint-fuzzer.js';
export * from './hostile-input.js';
export * from './route-table.js';
export * from './stored-state.js';
export * from './api-coverage.js';
export * from './fuzz-regressions.js';
