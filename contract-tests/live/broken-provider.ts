// A deliberately broken provider for the tests of the suite: a tiny node:http server that answers
// a few operations with the contract's own examples, each changed to break the contract in one
// named way. Everything else is a 404, which the suite must also report.
import { createServer, type ServerResponse } from 'node:http';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { listenOnLoopback } from '../support/listen-on-loopback.ts';

const examples = contract.components.examples;
const clone = <T>(value: T): T => structuredClone(value);

export const BROKEN_API_KEY = 'broken-provider-key';
export const BROKEN_FUND_ID = examples.FundRunSummaryCompleted.value.data.fundExtractionId;

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(JSON.stringify(body));
}

export interface BrokenProvider {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startBrokenProvider(): Promise<BrokenProvider> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.headers.authorization !== BROKEN_API_KEY) return send(res, 401, examples.Unauthorized.value);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /api/integration/projects': {
        // The top-level envelope of the company list without its `code`.
        const { code: _dropped, ...withoutCode } = clone(examples.ProjectList.value);
        return send(res, 200, withoutCode);
      }
      case 'GET /api/integrationfund/fund': {
        const summary = clone(examples.FundRunSummaryCompleted.value);
        (summary.data as { status: string }).status = 'finished';
        return send(res, 200, summary);
      }
      case 'GET /api/integration/project/search':
        return send(res, 200, examples.ProjectSearch.value, 'text/plain');
      default:
        return send(res, 404, { code: 'Error100', title: 'Not found', description: `no route ${url.pathname}`, data: null });
    }
  });
  const { origin, close } = await listenOnLoopback(server);
  return { baseUrl: `${origin}/api`, close };
}
