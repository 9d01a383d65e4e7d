// The status and code of the IntegrationError a client call rejects with.
import { isIntegrationError } from '../../../client/src/index.ts';

export async function failure(promise: Promise<unknown>): Promise<{ status: number | null; code: string | null }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isIntegrationError(error)) throw new Error(`expected an IntegrationError, got ${String(error)}`);
  return { status: error.status, code: error.code };
}
