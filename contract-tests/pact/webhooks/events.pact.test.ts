// The webhook events pipeline, in order: the receiver's message pact is written, the mock's event
// builders are verified against it, and every message is checked against the contract's webhooks.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMessagesWithContract } from '../support/compare-messages-with-contract.ts';
import { formatFindings } from '../support/compare-with-contract.ts';
import { expectedFailure } from '../support/expected-failure.ts';
import {
  MESSAGE_CONSUMER,
  MESSAGE_PROVIDER,
  PACT_DIR,
  pactFilePath,
  removePactFile,
} from '../../../conformance/src/pact/pact-location.ts';
import { verifyMessagePact } from '../support/verify-message-pact.ts';
import { EVENT_EXPECTATIONS, receiveExpectedEvent } from './events.consumer.ts';
import { eventProvider } from './events.provider.ts';

const pactFile = pactFilePath(MESSAGE_CONSUMER, MESSAGE_PROVIDER);
const pact = new PactV4({ consumer: MESSAGE_CONSUMER, provider: MESSAGE_PROVIDER, dir: PACT_DIR, logLevel: 'warn' });
let scratch: string;

beforeAll(async () => {
  await removePactFile(MESSAGE_CONSUMER, MESSAGE_PROVIDER);
  scratch = await mkdtemp(join(tmpdir(), 'pact-events-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('consumer: the webhook receiver', () => {
  for (const expectation of EVENT_EXPECTATIONS) {
    it(`takes ${expectation.description}`, async () => {
      expect(await receiveExpectedEvent(pact, expectation)).toEqual([expectation.event]);
    });
  }

  it('wrote one message per event to the pact file', async () => {
    const written = JSON.parse(await readFile(pactFile, 'utf8')) as {
      interactions: { type: string; description: string }[];
    };
    expect(written.interactions.map((i) => `${i.type}: ${i.description}`).sort()).toEqual(
      EVENT_EXPECTATIONS.map((e) => `Asynchronous/Messages: ${e.description}`).sort(),
    );
  });
});

describe('provider: the mock event builders (message provider)', () => {
  it('produce every message the receiver expects', async () => {
    const outcome = await verifyMessagePact({ pactFile, ...eventProvider() });
    expect(outcome.failed, JSON.stringify(outcome.failed, null, 2)).toEqual([]);
    expect(outcome.verified.sort()).toEqual(EVENT_EXPECTATIONS.map((e) => e.description).sort());
  });

  it('fail the verification, naming the field, when a builder breaks a message', async () => {
    const broken = eventProvider((event) =>
      event.event === 'analysisCompleted' ? { ...event, data: { ...event.data, projectId: 'P-1' } } : event,
    );
    const outcome = await expectedFailure('an analysisCompleted builder that breaks projectId', () =>
      verifyMessagePact({ pactFile, ...broken }),
    );
    expect(outcome.verified.sort()).toEqual(['a changedStatus event', 'a fundAnalysisCompleted event']);
    expect(outcome.failed).toEqual([
      {
        interaction: 'an analysisCompleted event',
        mismatches: [expect.objectContaining({ path: '$.data.projectId' })],
      },
    ]);
  });
});

describe('the messages against the contract', () => {
  it('every expected message is an event the contract sends, in its shape', async () => {
    const report = await compareMessagesWithContract([pactFile]);
    expect(report.interactionsChecked).toBe(EVENT_EXPECTATIONS.length);
    expect(report.errors, formatFindings(report.errors)).toEqual([]);
  });

  it('fails a message the contract forbids, naming the field', async () => {
    const written = JSON.parse(await readFile(pactFile, 'utf8')) as {
      interactions: { contents: { content: { data: Record<string, unknown> } } }[];
    };
    const analysisCompleted = written.interactions.findIndex((i) => i.contents.content.data.analysisId !== undefined);
    written.interactions[analysisCompleted]!.contents.content.data.projectId = 42;
    const forbidden = join(scratch, 'forbidden-message.json');
    await writeFile(forbidden, JSON.stringify(written));
    const report = await compareMessagesWithContract([forbidden]);
    expect(report.errors).toEqual([
      expect.objectContaining({
        code: 'message.body.incompatible',
        location: `[root].interactions[${analysisCompleted}].contents.content.data.projectId`,
      }),
    ]);
  });
});
