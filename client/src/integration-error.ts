// The single error type the client throws, discriminated by `kind`.
import type { components } from '../../openapi/index.ts';

/**
 * Kind per error code the contract knows (ErrorCode's x-known-values minus the success code 1000).
 * A test keeps this table equal to the contract's list.
 */
export const ERROR_KIND_BY_CODE = {
  '4010': 'unauthorized',
  '5000': 'internal-error',
  Error0: 'engine-unavailable',
  Error100: 'not-found',
  Error131: 'no-credits',
  Error209: 'too-many-files',
  Error212: 'no-role',
} as const;

export type KnownErrorCode = keyof typeof ERROR_KIND_BY_CODE;

/**
 * Codes of the stateful mock (@portfolio-integration/mock) where the specification leaves the
 * answer open (the mock says so in X-Mock-Gap): a read of an analysis that has not completed
 * answers 409 MOCK_ANALYSIS_NOT_COMPLETED, which a caller polls past like the real service's wait.
 */
export const MOCK_ERROR_KIND_BY_CODE = {
  MOCK_ANALYSIS_NOT_COMPLETED: 'analysis-not-completed',
} as const;

/** Any code the service sends; unknown codes are kept as the string received. */
export type ErrorCode = KnownErrorCode | (components['schemas']['ErrorCode'] & {});

export type IntegrationErrorKind =
  | (typeof ERROR_KIND_BY_CODE)[KnownErrorCode]
  /** The mock's 409 for a read of an analysis that has not completed (MOCK_ERROR_KIND_BY_CODE). */
  | (typeof MOCK_ERROR_KIND_BY_CODE)[keyof typeof MOCK_ERROR_KIND_BY_CODE]
  /** An error envelope with a code the contract does not list. */
  | 'unknown-code'
  /** A response whose body is not an envelope: not JSON, empty, or JSON without code/title/description. */
  | 'invalid-response'
  /** No response: the request could not be sent or the connection failed. */
  | 'network'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** waitForFundRun gave up after timeoutMs. */
  | 'timeout'
  /** The client refused to send what the contract forbids or what lacks a credential. */
  | 'refused'
  /** parseWebhookEvent got a body that is not one of the contract's events. */
  | 'invalid-webhook';

export interface IntegrationErrorInit {
  kind: IntegrationErrorKind;
  /** HTTP status, or null when no response was received. */
  status: number | null;
  /** The envelope's code, or null when there was no envelope. */
  code: ErrorCode | null;
  title: string;
  description: string;
  cause?: unknown;
  /** Set by uploadDataRoom when a later call fails: what earlier calls already stored. */
  storedBeforeFailure?: components['schemas']['FundUploadResult'];
}

/**
 * The brand every IntegrationError carries, shared by the ESM and CommonJS builds (and any copy of
 * the package an application ends up with): `instanceof` tells only one class apart, the brand all.
 */
const BRAND = Symbol.for('@portfolio-integration/client.IntegrationError');

export class IntegrationError extends Error {
  readonly kind: IntegrationErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  readonly title: string;
  readonly description: string;
  readonly storedBeforeFailure: components['schemas']['FundUploadResult'] | undefined;

  constructor(init: IntegrationErrorInit) {
    const where = [init.code, init.status === null ? null : `HTTP ${init.status}`].filter(Boolean).join(', ');
    const stored = init.storedBeforeFailure;
    super(
      `${init.title}${where ? ` (${where})` : ''}${init.description ? `: ${init.description}` : ''}${
        stored ? ` [already stored in folder ${stored.folderPath}: ${stored.fileNames.join(', ')}]` : ''
      }`,
      { cause: init.cause },
    );
    this.name = 'IntegrationError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.description = init.description;
    this.storedBeforeFailure = stored;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for an IntegrationError of any build or copy of the client (ESM, CommonJS, a second install). */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** A refusal raised before anything is sent. */
  static refused(title: string, description: string): IntegrationError {
    return new IntegrationError({ kind: 'refused', status: null, code: null, title, description });
  }
}

export function kindOfCode(code: string): IntegrationErrorKind {
  if (Object.hasOwn(ERROR_KIND_BY_CODE, code)) return ERROR_KIND_BY_CODE[code as KnownErrorCode];
  if (Object.hasOwn(MOCK_ERROR_KIND_BY_CODE, code))
    return MOCK_ERROR_KIND_BY_CODE[code as keyof typeof MOCK_ERROR_KIND_BY_CODE];
  return 'unknown-code';
}

/**
 * Whether `value` is an IntegrationError (of this build or any other: ESM, CommonJS, a second copy),
 * optionally of one kind.
 * @example
 * try { await client.getFundRunSummary(id); }
 * catch (error) { if (isIntegrationError(error, 'not-found')) return undefined; throw error; }
 */
export function isIntegrationError(value: unknown, kind?: IntegrationErrorKind): value is IntegrationError {
  return value instanceof IntegrationError && (kind === undefined || value.kind === kind);
}
