// Reading a pact file, and telling its HTTP interactions from its messages.
import { readFile } from 'node:fs/promises';

/** The parts of a V4 pact interaction the checks here read. */
export interface PactInteraction {
  description: string;
  type?: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request?: { headers?: Record<string, string[] | string> };
  contents?: { content?: unknown };
}

export interface PactFile {
  provider: { name: string };
  interactions: PactInteraction[];
}

export async function readPact(file: string): Promise<PactFile> {
  return JSON.parse(await readFile(file, 'utf8')) as PactFile;
}

/** An interaction without a type is HTTP too. */
export const isHttp = (interaction: { type?: string }): boolean =>
  !interaction.type || interaction.type === 'Synchronous/HTTP';
export const isMessage = (interaction: { type?: string }): boolean => interaction.type === 'Asynchronous/Messages';
