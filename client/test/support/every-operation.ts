// Test fixture: one call of each client method per operation of the contract, with the request
// and response examples the contract gives that operation.
import { contractDocument, contractNode, type JsonObject } from '../../src/contract-document.ts';
import type { IntegrationClient } from '../../src/create-client.ts';

export interface OperationCase {
  operationId: string;
  method: string;
  path: string;
  /** The contract's first 200 example body. */
  responseExample: unknown;
  /** The contract's first JSON request example, if the operation takes JSON. */
  requestExample: unknown;
  invoke: (client: IntegrationClient) => Promise<unknown>;
}

const PROJECT_ID = '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10';
const ANALYSIS_ID = '7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88';
const FUND_EXTRACTION_ID = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** The value of a named example of the contract; one without a value is a loud failure. */
export function exampleValue(name: string): unknown {
  const { value } = contractNode(`#/components/examples/${name}`);
  if (value === undefined) throw new Error(`the contract has no example ${name}`);
  return value;
}

/** The first example of a media type object, its `$ref` followed; undefined when it has none. */
export function firstExample(media: JsonObject | undefined): { name: string; value: unknown } | undefined {
  const [name, first] = Object.entries((media?.examples ?? {}) as Record<string, JsonObject | null>)[0] ?? [];
  if (name === undefined || !first) return undefined;
  return { name, value: typeof first.$ref === 'string' ? contractNode(first.$ref).value : first.value };
}

/** What each method is called with; the request example is passed where the operation takes one. */
const INVOCATIONS: Record<string, (client: IntegrationClient, request: never) => Promise<unknown>> = {
  uploadFundFiles: (c) => c.uploadFundFiles([{ name: 'report.pdf', data: new Uint8Array([37, 80, 68, 70]) }]),
  startFundRun: (c, body) => c.startFundRun(body),
  getFundRunSummary: (c) => c.getFundRunSummary(FUND_EXTRACTION_ID),
  listProjects: async (c) => (await c.listProjects({ pageSize: 10 }).next()).value,
  searchProjects: (c) => c.searchProjects('helio'),
  createProject: (c, body) => c.createProject(body),
  uploadAnalysisFiles: (c) => {
    const form = new FormData();
    form.append('files', new Blob(['notes'], { type: 'text/plain' }), 'notes.txt');
    return c.uploadAnalysisFiles(ANALYSIS_ID, form);
  },
  processMessage: (c, body) => c.processMessage(body),
  getAnalysisDetail: (c) => c.getAnalysisDetail(ANALYSIS_ID),
  retrieveReport: (c) => c.retrieveReport({ projectId: PROJECT_ID, analysisId: ANALYSIS_ID }),
  getFullReport: (c) => c.getFullReport({ projectId: PROJECT_ID, sections: 'dealscore,investments' }),
  getWebhookConfiguration: (c) => c.getWebhookConfiguration(),
  createWebhookConfiguration: (c, body) => c.createWebhookConfiguration(body),
  updateWebhookConfiguration: (c, body) => c.updateWebhookConfiguration(body),
  listWebhookDeliveries: (c) => c.listWebhookDeliveries(),
};

/** Every operation of the contract; one without an entry above fails loudly. */
export function everyOperation(): OperationCase[] {
  const cases: OperationCase[] = [];
  for (const [path, item] of Object.entries(contractDocument.paths as Record<string, Record<string, JsonObject>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const operationId = String(operation.operationId);
      const invoke = INVOCATIONS[operationId];
      if (!invoke) throw new Error(`The test fixture has no call for operation ${operationId}; add one.`);
      const responses = operation.responses as Record<string, JsonObject>;
      const response = responses['200']?.content as Record<string, JsonObject> | undefined;
      const request = (operation.requestBody as JsonObject | undefined)?.content as
        | Record<string, JsonObject>
        | undefined;
      const requestExample = firstExample(request?.['application/json'])?.value;
      cases.push({
        operationId,
        method: method.toUpperCase(),
        path,
        responseExample: firstExample(response?.['application/json'])?.value,
        requestExample,
        invoke: (client) => invoke(client, requestExample as never),
      });
    }
  }
  return cases;
}

export const FIXTURE_OPERATION_IDS = Object.keys(INVOCATIONS);
