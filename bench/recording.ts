// Responses recorded from the stateful mock, replayed byte for byte by the bare server, so that the
// bare numbers are Node's limit for exactly the bytes the mock sends.
import { readFileSync, writeFileSync } from 'node:fs';

export interface RecordedResponse {
  method: string;
  /** Path and query exactly as requested. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export function recordingKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

export function writeRecording(file: string, responses: readonly RecordedResponse[]): void {
  writeFileSync(file, JSON.stringify(responses));
}

export function readRecording(file: string): RecordedResponse[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error(`${file} holds no recorded responses`);
  return parsed as RecordedResponse[];
}
