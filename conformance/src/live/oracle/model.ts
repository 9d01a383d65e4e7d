// The oracle's executable model: the stateful mock run in this process (no port), loaded through
// the mock's public face. The mutation harness passes a model bundled from unmutated sources.
import { contractDocument } from '../../../../openapi/index.ts';
import { exchange, type Exchange, type FetchLike } from '../exchange.ts';
import { NotChecked } from '../not-checked.ts';
import { locateOperation, type OperationId } from '../operation-index.ts';
import type { CallRequest } from '../rule-types.ts';

/** What the oracle needs of a model: a fetch it answers and the credentials of its users. */
export interface OracleModel {
  baseUrl: string;
  fetch: FetchLike;
  /** The first user's key and session token; the second user's key, for the other-user commands. */
  credentials: { apiKey: string; accessToken: string; secondApiKey?: string };
  close(): Promise<void>;
}

/** Starts a fresh model; `processingMs` is how long its fund runs take (their timing is not compared). */
export type ModelSource = (seed: { processingMs: number }) => Promise<OracleModel>;

/**
 * The default model: `startInProcessMock` of the mock package, imported when the oracle first runs.
 * In the conformance package the mock is an optional peer: without it the rule is not checked.
 */
export const mockModel: ModelSource = async (seed) => {
  let face: typeof import('../../../../mocks/src/index.ts');
  try {
    face = await import('../../../../mocks/src/index.ts');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new NotChecked(
      `the model oracle runs the mock in this process: install it beside the conformance package (npm install --save-dev @portfolio-integration/mock@${contractDocument.info.version})`,
    );
  }
  return face.startInProcessMock({ seed });
};

/** One call to the model: the same request a rule sends the deployment, with the model's own credentials. */
export async function callModel(model: OracleModel, operationId: OperationId, request: CallRequest): Promise<Exchange> {
  const operation = locateOperation(operationId);
  const auth = request.auth ?? 'apiKey';
  const { apiKey, accessToken, secondApiKey } = model.credentials;
  if (auth === 'secondApiKey' && secondApiKey === undefined)
    throw new NotChecked("the model has no second user's key: the other-user commands cannot be compared");
  const authorization =
    auth === 'bearer' ? `Bearer ${accessToken}` : auth === 'secondApiKey' ? (secondApiKey ?? apiKey) : apiKey;
  // The model failing is never the deployment's fault: the rule is then not checked, not failed.
  let answer: Exchange;
  try {
    answer = await exchange(
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
  } catch (error) {
    throw new NotChecked(`the model gave no answer to ${operationId}: ${(error as Error).message}`);
  }
  if (answer.status >= 500) throw new NotChecked(`the model answered ${operationId} with HTTP ${answer.status}`);
  return answer;
}
