// Arranging the stateful mock from a test: its control API (mocks/control-api.openapi.yaml) and,
// for records the seed cannot hold (folders, fund runs, webhook settings), the service's own
// operations called as a seeded user. Only the state fields the suites read are typed here.
import type { MockSeed } from '../../mocks/src/server.ts';
import type { components } from '../../generated/types.ts';

type Json = Record<string, unknown>;

export interface MockStateSnapshot {
  credits: number;
  pendingJobs: number;
  users: {
    id: string;
    apiKey: string;
    accessToken: string;
    drive: { folders: { id: string; name: string }[] } | null;
  }[];
  projects: { id: string; ownerUserId: string; companyName: string; messages: { content: string }[] }[];
  analyses: { id: string; projectId: string; status: components['schemas']['AnalysisStatus'] }[];
  folders: { folderPath: string; ownerUserId: string; fileNames: string[] }[];
  fundRuns: { fundExtractionId: string; fundId: string; ownerUserId: string; status: string }[];
  webhookDeliveries: Record<string, components['schemas']['WebhookDelivery'][]>;
  seed: { analysisCost: number; credits: number; fundStages: { id: string }[] };
}

/** Sends one request and answers the envelope's `data`; any other status than 2xx throws. */
async function data<T>(url: string, method: string, headers: Record<string, string>, body?: BodyInit): Promise<T> {
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}

function control<T = MockStateSnapshot>(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const url = `${origin}/__mock/${path}`;
  return body === undefined
    ? data(url, method, {})
    : data(url, method, { 'content-type': 'application/json' }, JSON.stringify(body));
}

/** Drops every record and starts from the default seed with `seed`'s fields in place of the defaults; ids and times are deterministic when the seed has `startTime`. */
export const resetMock = (origin: string, seed?: MockSeed) => control(origin, 'POST', 'reset', seed);
/** The state of the default session, or of the one named (`X-Mock-Session`). */
export const mockState = (origin: string, session?: string) =>
  session === undefined
    ? control(origin, 'GET', 'state')
    : data<MockStateSnapshot>(`${origin}/__mock/state`, 'GET', { 'x-mock-session': session });
/** Runs every scheduled move now (analyses and fund runs reach their final state); answers what it did. */
export const settleMock = (origin: string) =>
  control<{ jobsRun: number; deliveries: number; pendingJobs: number }>(origin, 'POST', 'settle');

/** A service operation under `/api`, as a user holding `authorization`; answers the envelope's data. */
export function callService(
  origin: string,
  authorization: string,
  method: string,
  path: string,
  body?: Json | FormData,
): Promise<Json> {
  const url = `${origin}/api${path}`;
  if (body === undefined) return data(url, method, { Authorization: authorization });
  if (body instanceof FormData) return data(url, method, { Authorization: authorization }, body);
  return data(url, method, { Authorization: authorization, 'Content-Type': 'application/json' }, JSON.stringify(body));
}
