// What a provider-state arrangement can do on the caller's session of the running mock: reset it to
// the seed the mock was started with (plus overrides), and call the service's own operations as a
// seeded user through the mock's own request handling (not a network), in the same session, for the records a seed cannot hold
// (folders, fund runs, webhook settings).
import type { UserRecord } from '../domain/records.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import { DEFAULT_SESSION, SESSION_HEADER } from '../sessions/session-header.ts';

type Json = Record<string, unknown>;

/** A minimal valid PDF: the mock checks uploaded files by content. */
/** Ids and times are deterministic only with a start time; the verifier compares what it reads. */
/** The origin of the requests a provider state sends to its own mock (never on a network). */
const SELF_ORIGIN = 'http://mock.invalid';

const PROVIDER_STATE_START_TIME = '2026-01-01T00:00:00.000Z';

const TINY_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export class StateContext {
  private readonly inject: (request: Request) => Promise<Response>;
  readonly session: MockSession;
  private readonly startSeed: MockSeed | undefined;

  constructor(inject: (request: Request) => Promise<Response>, session: MockSession, startSeed: MockSeed | undefined) {
    this.inject = inject;
    this.session = session;
    this.startSeed = startSeed;
  }

  /** Starts again from the seed the mock was started with, `overrides` replacing its top-level keys; ids are deterministic. */
  async reset(overrides: MockSeed = {}): Promise<void> {
    await this.session.reset({ startTime: PROVIDER_STATE_START_TIME, ...this.startSeed, ...overrides });
  }

  /** The seeded users: the first is the caller of the pacts, the second another user of the workspace. */
  user(index: 0 | 1): UserRecord {
    const user = this.session.state.users[index];
    if (!user) throw new Error(`the mock's seed has no user ${index + 1}, which this provider state needs`);
    return user;
  }

  /** A service operation under /api, as `authorization`; answers the envelope's data, throws on anything but 2xx. */
  async call(
    authorization: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: Json | FormData,
  ): Promise<Json> {
    const headers: Record<string, string> = {
      authorization,
      ...(this.session.id === DEFAULT_SESSION ? {} : { [SESSION_HEADER]: this.session.id }),
    };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await this.inject(new Request(`${SELF_ORIGIN}/api${path}`, { method, headers, body: payload }));
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      throw new Error(`${method} /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return (JSON.parse(text) as { data: Json }).data;
  }

  /** Uploads `count` PDFs into a new data-room folder of `user` and answers its folderPath. */
  async uploadDataRoom(user: UserRecord, count = 1): Promise<string> {
    const form = new FormData();
    for (let i = 1; i <= count; i += 1)
      form.append('files', new Blob([TINY_PDF], { type: 'application/pdf' }), `report-${i}.pdf`);
    const data = await this.call(user.apiKey, 'POST', '/integrationfund/fund/upload', form);
    return String(data.folderPath);
  }
}
