// The requests every server answers in the comparison (issue 7): the company list at page size 10
// and 100, a fund detail, and a create-company POST. Bodies come from the contract's examples.
import { exampleValue } from '../client/test/support/every-operation.ts';
import type { LoadRequest } from './load.ts';

export const API_PREFIX = '/api';

export interface Scenario {
  id: string;
  label: string;
  /** The contract operation, for judging the answer. */
  method: 'get' | 'post';
  path: string;
  /**
   * The concrete request against a mock in its start state. It may first create what the request
   * reads (the fund run); with a seed the mock's ids are deterministic, so every call gives the same URL.
   */
  prepare(origin: string, headers: Record<string, string>): Promise<LoadRequest>;
}

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Upload one PDF, start a fund run on its folder, finish processing: the run a fund detail reads. */
async function completedFundRun(origin: string, headers: Record<string, string>): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob(['%PDF-1.4\n% bench data room\n'], { type: 'application/pdf' }), 'bench-report.pdf');
  const uploaded = await fetch(`${origin}${API_PREFIX}/integrationfund/fund/upload`, {
    method: 'POST',
    headers,
    body: form,
  });
  const uploadText = await uploaded.text();
  if (!uploaded.ok) throw new Error(`fund upload answered ${uploaded.status}: ${uploadText.slice(0, 500)}`);
  const folderPath = (JSON.parse(uploadText) as { data: { folderPath: string } }).data.folderPath;
  const runRequest = { ...(exampleValue('FundRunRequest') as Record<string, unknown>), folderPath };
  const run = (await postJson(`${origin}${API_PREFIX}/integrationfund/fund/run`, headers, runRequest)) as {
    data: { fundExtractionId: string };
  };
  await postJson(`${origin}/__mock/settle`, {}, {});
  return run.data.fundExtractionId;
}

const listRequest =
  (pageSize: number) =>
  async (_origin: string, headers: Record<string, string>): Promise<LoadRequest> => ({
    method: 'GET',
    path: `${API_PREFIX}/integration/projects?page=0&pageSize=${pageSize}`,
    headers: { ...headers, 'content-type': 'application/json' },
  });

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'list-10',
    label: 'company list, page size 10',
    method: 'get',
    path: '/integration/projects',
    prepare: listRequest(10),
  },
  {
    id: 'list-100',
    label: 'company list, page size 100',
    method: 'get',
    path: '/integration/projects',
    prepare: listRequest(100),
  },
  {
    id: 'fund-detail',
    label: 'fund detail (completed run)',
    method: 'get',
    path: '/integrationfund/fund',
    prepare: async (origin, headers) => ({
      method: 'GET',
      path: `${API_PREFIX}/integrationfund/fund?fundExtractionId=${await completedFundRun(origin, headers)}`,
      headers,
    }),
  },
  {
    id: 'create-company',
    label: 'create company (POST)',
    method: 'post',
    path: '/integration/project',
    prepare: async (_origin, headers) => ({
      method: 'POST',
      path: `${API_PREFIX}/integration/project`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(exampleValue('CreateProjectNoAnalysis')),
    }),
  },
];

export const LIST_SCENARIOS = ['list-10', 'list-100'] as const;
