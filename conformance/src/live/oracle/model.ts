// The oracle's executable model: the stateful mock run in this process (no port), loaded through
// the mock's public face. The mutation harness passes a model bundled from unmutated sources.
import { exchange, type Exchange, type FetchLike } from '../exchange.ts';
import { locateOperation, type OperationId } from '../operation-index.ts';
import type { CallRequest } from '../rule-types.ts';

/** What the oracle needs of a model: a fetch it answers and the credentials of its first user. */
export interface OracleModel {
  baseUrl: string;
  fetch: FetchLike;
  credentials: { apiKey: string; accessToken: string };
  close(): Promise<void>;
}

/** Starts a fresh model; `processingMs` is how long its fund runs take (their timing is not compared). */
export type ModelSource = (seed: { processingMs: number }) => Promise<OracleModel>;

/** The default model: `startInProcessMock` of the mock package (imported when the oracle first runs). */
export const mockModel: ModelSource = async (seed) => {
  const { startInProcessMock } = await import('../../../../mocks/src/index.ts');
  return startInProcessMock({ seed });
};

/** One call to the model: the same request a rule sends the deployment, with the model's own credentials. */
export async function callModel(model: OracleModel, operationId: OperationId, request: CallRequest): Promise<Exchange> {
  const operation = locateOperation(operationId);
  const auth = request.auth ?? 'apiKey';
  const authorization = auth === 'bearer' ? `Bearer ${model.credentials.accessToken}` : model.credentials.apiKey;
  return exchange(
    {
      ...request,
      method: request.method ?? operation.method,
      path: operation.path,
      baseUrl: model.baseUrl,
      authorization,
    },
    model.fetch,
    30_000,
  );
}
