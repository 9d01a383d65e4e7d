// Webhook receivers for the tests of `portfolio-conformance receiver`: a good one (answers 200 at
// once, accepts unknown fields, handles a repeated delivery once, shows its handled count on GET) and
// broken ones, each breaking one receiver rule.
import { createServer } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../../../contract-tests/support/listen-on-loopback.ts';

export type ReceiverBreak = 'none' | 'slow' | 'error-500' | 'refuses-unknown-fields' | 'repeat-as-new' | 'get-only';

export interface TestReceiver extends LoopbackServer {
  url: string;
  /** Events handled (a repeat the receiver recognises is not counted). */
  handled: unknown[];
}

const KNOWN = new Set([
  'projectId',
  'analysisId',
  'projectName',
  'platformEntityCompanyId',
  'previousStatus',
  'newStatus',
  'stage',
  'changedAt',
]);

/** The good receiver's duplicate key: the event and its data as sent. */
const keyOf = (body: any) => JSON.stringify([body.event, body.data]);

export async function startTestReceiver(kind: ReceiverBreak = 'none', slowMs = 400): Promise<TestReceiver> {
  const handled: unknown[] = [];
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ handled: handled.length }));
      return;
    }
    if (kind === 'get-only') {
      response.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (kind === 'error-500') return void response.writeHead(500).end('boom');
      if (kind === 'refuses-unknown-fields') {
        const extra =
          Object.keys(body).some((k) => k !== 'event' && k !== 'data') ||
          (body.event !== 'fundAnalysisCompleted' && Object.keys(body.data ?? {}).some((k) => !KNOWN.has(k)));
        if (extra) return void response.writeHead(400).end('unknown field');
      }
      const key = keyOf(body);
      if (kind === 'repeat-as-new' || !seen.has(key)) handled.push(body);
      seen.add(key);
      const answer = () => response.writeHead(200).end();
      if (kind === 'slow') setTimeout(answer, slowMs);
      else answer();
    });
  });
  const loopback = await listenOnLoopback(server, { closeConnections: true });
  return { ...loopback, url: `${loopback.origin}/hooks`, handled };
}
