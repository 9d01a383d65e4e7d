// startMock options read from the environment (`npm start`; a bin maps its flags onto the same
// options). An unusable value stops the start with one line naming the variable.
import type { StartMockOptions } from './server.ts';

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

export function mockOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<StartMockOptions, 'sessionIdleMs' | 'maxSessions' | 'stateFile'> {
  return {
    stateFile: env.MOCK_STATE_FILE || undefined,
    sessionIdleMs: positiveInteger(env, 'MOCK_SESSION_IDLE_MS'),
    maxSessions: positiveInteger(env, 'MOCK_MAX_SESSIONS'),
  };
}
