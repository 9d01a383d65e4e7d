// What the pact provider states need beyond the shared mock client (../../support/control-api.ts):
// a reset that always passes a seed, the handler of states the default seed makes true, and data-room
// uploads.
import type { MockSeed } from '../../../mocks/server.ts';
import { callService, resetMock as resetWithSeed } from '../../support/control-api.ts';
import type { StateParams } from './provider-states.ts';

/** Always sends a seed with `startTime`, so the ids and times the verifier sees are deterministic. */
export const resetMock = (origin: string, seed: MockSeed = {}) => resetWithSeed(origin, { startTime: '2026-01-01T00:00:00.000Z', ...seed });

/** `onMock` of a state the default seed already makes true. */
export async function resetToDefaultSeed(_params: StateParams, origin: string): Promise<void> {
  await resetMock(origin);
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
