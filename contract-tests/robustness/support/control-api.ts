// The mock's control API (mocks/control-api.openapi.yaml): reset to a seed, read the state, settle
// all processing. Only the state fields these suites read are typed here.
import type { components } from '../../../generated/types.ts';

export interface MockStateSnapshot {
  credits: number;
  pendingJobs: number;
  users: { id: string; apiKey: string; accessToken: string; drive: { folders: { id: string; name: string }[] } | null }[];
  projects: { id: string; ownerUserId: string; companyName: string; messages: { content: string }[] }[];
  analyses: { id: string; projectId: string; status: string }[];
  folders: { folderPath: string; ownerUserId: string; fileNames: string[] }[];
  fundRuns: { fundExtractionId: string; fundId: string; ownerUserId: string; status: string }[];
  webhookDeliveries: Record<string, components['schemas']['WebhookDelivery'][]>;
  seed: { analysisCost: number; credits: number; fundStages: { id: string }[] };
}

async function control(origin: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<MockStateSnapshot> {
  const response = await fetch(`${origin}/__mock/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /__mock/${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: MockStateSnapshot }).data;
}

export const resetMock = (origin: string, seed?: unknown) => control(origin, 'POST', 'reset', seed);
export const mockState = (origin: string) => control(origin, 'GET', 'state');
export const settleMock = (origin: string) => control(origin, 'POST', 'settle');
