// Arranging provider states on the stateful mock: its control API (mocks/control-api.openapi.yaml)
// and, where a state needs records the seed cannot hold (folders, fund runs, webhook settings), the
// service's own operations called as a seeded user.
import type { MockSeed } from '../../../mocks/server.ts';
import type { components } from '../../../generated/types.ts';

type Json = Record<string, unknown>;
export type MockSnapshot = {
  users: { id: string; apiKey: string; accessToken: string }[];
  projects: { id: string }[];
  analyses: { id: string; projectId: string; status: components['schemas']['AnalysisStatus'] }[];
};

async function call(url: string, init: RequestInit): Promise<Json> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Drops every record and starts from the default seed with `seed`'s fields in place of the defaults. */
export async function resetMock(origin: string, seed: MockSeed = {}): Promise<MockSnapshot> {
  return (await call(`${origin}/__mock/reset`, json(seed))).data as MockSnapshot;
}

export async function mockState(origin: string): Promise<MockSnapshot> {
  return (await call(`${origin}/__mock/state`, { method: 'GET' })).data as MockSnapshot;
}

/** Runs every scheduled move now (analyses and fund runs reach their final state). */
export async function settleMock(origin: string): Promise<MockSnapshot> {
  return (await call(`${origin}/__mock/settle`, { method: 'POST' })).data as MockSnapshot;
}

export async function setEngineAvailable(origin: string, available: boolean): Promise<void> {
  await call(`${origin}/__mock/engine`, json({ available }));
}

/** Switches the mock's documented failures (`/__mock/faults`): `companyList` makes the list answer 500 `5000`. */
export async function setMockFaults(origin: string, faults: { companyList?: boolean }): Promise<void> {
  await call(`${origin}/__mock/faults`, json(faults));
}

/** A service operation under `/api`, as a user holding `authorization`; answers the envelope's data. */
export async function callService(origin: string, authorization: string, method: string, path: string, body?: Json | FormData): Promise<Json> {
  const init: RequestInit =
    body === undefined
      ? { method, headers: { Authorization: authorization } }
      : body instanceof FormData
        ? { method, headers: { Authorization: authorization }, body }
        : { method, headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  return (await call(`${origin}/api${path}`, init)).data as Json;
}

/** A minimal valid PDF: the mock checks uploaded files by content. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Uploads `count` PDFs into a new data-room folder and answers its folderPath. */
export async function uploadDataRoom(origin: string, apiKey: string, count = 1): Promise<string> {
  const form = new FormData();
  for (let i = 1; i <= count; i += 1) form.append('files', new Blob([TINY_PDF], { type: 'application/pdf' }), `report-${i}.pdf`);
  const data = await callService(origin, apiKey, 'POST', '/integrationfund/fund/upload', form);
  return data.folderPath as string;
}
