// `@portfolio-integration/mock/msw`: the mock as MSW handlers, for component and unit tests with no server.
export { createHandlers } from './create-handlers.ts';
export type { CreateHandlersOptions, MockHandlers } from './create-handlers.ts';
export type { MockSeed } from '../domain/seed.ts';
export type { SettleSummary } from '../session.ts';
export type { JournalEntry, JournalFilter } from '../sessions/request-journal.ts';
