// The page's entry with the mock in the browser: MSW's Service Worker answers every /api call from
// the mock's handlers, then the same app starts. Nothing runs on a server but the static files.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../mocks/src/msw/index.ts';
import { startApp } from './app.ts';

const mock = createHandlers({ seed: { startTime: '2026-01-01T00:00:00Z' } });
const worker = setupWorker(...mock.handlers);
await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
Object.assign(window, { mock });
startApp(document.getElementById('app')!);
