// A recording test double of the Pact Broker's HTTP API on loopback, for the tests of the broker
// flow: it answers the few resources the Pact CLI and the verifier follow (HAL index, publish
// contracts, pacts for verification, a pact, the provider's branch version, verification results,
// the matrix, a pacticipant version's deployment link, PactFlow's provider contract publication)
// with canned documents, and
// records every request. It keeps no state and judges nothing: the tests assert the recorded
// requests. Shapes follow the Pact Broker's HAL API as the pact-broker-cli source reads it.
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from '../../../contract-tests/support/listen-on-loopback.ts';

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  authorization?: string;
  accept?: string;
  contentType?: string;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body?: unknown;
}

export interface BrokerPact {
  consumer: string;
  provider: string;
  /** The pact document, as a consumer published it. */
  content: Record<string, unknown>;
  pending?: boolean;
  wip?: boolean;
}

export interface FakeBrokerOptions {
  /** The Authorization header a request must carry (`Bearer <token>` or `Basic <base64>`); others answer 401. */
  authorization: string;
  /** Pacts answered for verification. */
  pacts?: BrokerPact[];
  /** The matrix's verdict for can-i-deploy. */
  deployable?: boolean;
  reason?: string;
  /** Environments a pacticipant version can be recorded as deployed to. */
  environments?: string[];
}

export interface FakeBroker {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

const ENVIRONMENT_UUID = 'c540ce64-5493-48c5-ab7c-28dae27b166b';
const PACT_VERSION = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2';

async function record(request: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    method: request.method ?? '',
    url: request.url ?? '',
    authorization: request.headers.authorization,
    accept: request.headers.accept,
    contentType: request.headers['content-type'],
    ...(body === undefined ? {} : { body }),
  };
}

function answer(url: string, req: RecordedRequest, options: FakeBrokerOptions): Answer {
  const path = decodeURIComponent(new URL(req.url, url).pathname);
  const parts = path.split('/').filter(Boolean);
  const pacts = options.pacts ?? [];
  const pactHref = (p: BrokerPact) =>
    `${url}/pacts/provider/${p.provider}/consumer/${p.consumer}/pact-version/${PACT_VERSION}`;

  if (req.method === 'GET' && path === '/') {
    return {
      status: 200,
      body: {
        _links: {
          'pb:publish-contracts': { href: `${url}/contracts/publish` },
          'pb:provider-pacts-for-verification': {
            href: `${url}/pacts/provider/{provider}/for-verification`,
            templated: true,
          },
          'pf:publish-provider-contract': {
            href: `${url}/provider-contracts/provider/{provider}/publish`,
            templated: true,
          },
        },
      },
    };
  }
  if (req.method === 'POST' && path === '/contracts/publish') {
    const { pacticipantName: name, pacticipantVersionNumber: number } = req.body as {
      pacticipantName: string;
      pacticipantVersionNumber: string;
    };
    const pacticipant = { href: `${url}/pacticipants/${name}`, name, title: 'Pacticipant' };
    const version = { href: `${pacticipant.href}/versions/${number}`, name: number, title: 'Pacticipant version' };
    return {
      status: 200,
      body: {
        notices: [{ type: 'success', text: `Published pact for ${name} version ${number}` }],
        logs: [],
        _embedded: {
          pacticipant: { name, _links: { self: { href: pacticipant.href } } },
          version: { number, _links: { self: version } },
        },
        _links: {
          'pb:pacticipant': pacticipant,
          'pb:pacticipant-version': version,
          'pb:pacticipant-version-tags': [],
          'pb:contracts': [],
        },
      },
    };
  }
  // /pacts/provider/{provider}/for-verification: the verifier reads the resource, then posts its selectors to its self link.
  if (req.method === 'GET' && parts[0] === 'pacts' && parts[3] === 'for-verification') {
    return { status: 200, body: { _links: { self: { href: `${url}${path}`, title: 'Pacts to be verified' } } } };
  }
  if (req.method === 'POST' && parts[0] === 'pacts' && parts[3] === 'for-verification') {
    const provider = parts[2];
    return {
      status: 200,
      body: {
        _embedded: {
          pacts: pacts
            .filter((p) => p.provider === provider)
            .map((p) => ({
              shortDescription: `latest from ${p.consumer}`,
              verificationProperties: {
                pending: p.pending ?? false,
                wip: p.wip ?? false,
                notices: [{ when: 'before_verification', text: `The pact of ${p.consumer} is being verified` }],
              },
              _links: { self: { href: pactHref(p), name: `Pact between ${p.consumer} and ${p.provider}` } },
            })),
        },
      },
    };
  }
  // /pacts/provider/{provider}/consumer/{consumer}/pact-version/{sha}[/verification-results]
  if (parts[0] === 'pacts' && parts[3] === 'consumer' && parts[5] === 'pact-version') {
    const pact = pacts.find((p) => p.provider === parts[2] && p.consumer === parts[4]);
    if (!pact) return { status: 404, body: {} };
    if (req.method === 'GET' && parts.length === 7) {
      return {
        status: 200,
        body: {
          ...pact.content,
          _links: {
            'pb:publish-verification-results': { href: `${pactHref(pact)}/verification-results` },
            'pb:provider': { href: `${url}/pacticipants/${pact.provider}` },
          },
        },
      };
    }
    if (req.method === 'POST' && parts[7] === 'verification-results') {
      return {
        status: 201,
        body: {
          success: (req.body as { success?: boolean }).success,
          _links: { self: { href: `${pactHref(pact)}/verification-results/1` } },
        },
      };
    }
  }
  if (req.method === 'GET' && path === '/matrix') {
    const deployable = options.deployable ?? true;
    return {
      status: 200,
      body: {
        summary: {
          deployable,
          reason:
            options.reason ??
            (deployable
              ? 'All required verification results are published and successful'
              : 'There is no verified pact'),
          success: deployable ? 1 : 0,
          failed: 0,
          unknown: deployable ? 0 : 1,
        },
        notices: [],
        matrix: [],
      },
    };
  }
  // /pacticipants/{name}: a verifier publishing with a provider branch follows pb:branch-version and puts the version on it.
  if (req.method === 'GET' && parts[0] === 'pacticipants' && parts.length === 2) {
    return {
      status: 200,
      body: {
        name: parts[1],
        _links: {
          'pb:branch-version': {
            href: `${url}/pacticipants/${parts[1]}/branches/{branch}/versions/{version}`,
            templated: true,
          },
        },
      },
    };
  }
  if (req.method === 'PUT' && parts[0] === 'pacticipants' && parts[2] === 'branches' && parts[4] === 'versions') {
    return { status: 200, body: { number: parts[5], _links: {} } };
  }
  // /pacticipants/{name}/versions/{number}[/deployed-versions/environment/{uuid}]
  if (parts[0] === 'pacticipants' && parts[2] === 'versions') {
    const version = `${url}/pacticipants/${parts[1]}/versions/${parts[3]}`;
    if (req.method === 'GET' && parts.length === 4) {
      return {
        status: 200,
        body: {
          number: parts[3],
          _links: {
            'pb:record-deployment': (options.environments ?? []).map((name) => ({
              name,
              href: `${version}/deployed-versions/environment/${ENVIRONMENT_UUID}`,
            })),
          },
        },
      };
    }
    if (req.method === 'POST' && parts[4] === 'deployed-versions')
      return { status: 201, body: { uuid: 'f0e1d2c3-0000-4000-8000-000000000001', currentlyDeployed: true } };
  }
  // /provider-contracts/provider/{provider}/publish
  if (req.method === 'POST' && parts[0] === 'provider-contracts' && parts[3] === 'publish') {
    const published = req.body as { pacticipantVersionNumber: string };
    return {
      status: 200,
      body: {
        notices: [
          {
            type: 'success',
            text: `Published provider contract for ${parts[2]} version ${published.pacticipantVersionNumber}`,
          },
        ],
        _embedded: { version: { number: published.pacticipantVersionNumber } },
        _links: { 'pb:pacticipant-version-tags': [] },
      },
    };
  }
  return { status: 404, body: { error: `the fake broker does not know ${req.method} ${path}` } };
}

export async function startFakeBroker(options: FakeBrokerOptions): Promise<FakeBroker> {
  const requests: RecordedRequest[] = [];
  let url = '';
  const server = createServer(async (request, response) => {
    const recorded = await record(request);
    requests.push(recorded);
    const { status, body } =
      recorded.authorization === options.authorization
        ? answer(url, recorded, options)
        : { status: 401, body: { error: 'missing or wrong credentials' } };
    response.writeHead(status, { 'content-type': 'application/hal+json;charset=utf-8' });
    response.end(JSON.stringify(body));
  });
  const loopback = await listenOnLoopback(server, { closeConnections: true });
  url = loopback.origin;
  return { url, requests, close: loopback.close };
}
