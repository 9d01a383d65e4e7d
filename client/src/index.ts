// Public entry of the typed client (package main entry; no Node module, so it bundles for
// browsers). Everything a consumer needs is exported from here; node.ts adds file paths.
export { createIntegrationClient } from './create-client.ts';
export type {
  CallOptions,
  RetryOptions,
  IntegrationClient,
  IntegrationClientOptions,
  UploadDataRoomOptions,
  UploadFundFilesOptions,
  WebhookConfigurationInput,
  CreateProjectInput,
  ProcessMessageInput,
  StartFundRunInput,
  RetrieveReportQuery,
  FullReportQuery,
  FullReportSection,
} from './create-client.ts';
export {
  IntegrationError,
  isIntegrationError,
  ERROR_KIND_BY_CODE,
  MOCK_ERROR_KIND_BY_CODE,
} from './integration-error.ts';
export type { ErrorCode, IntegrationErrorInit, IntegrationErrorKind, KnownErrorCode } from './integration-error.ts';
export { parseWebhookEvent } from './webhook-event.ts';
export type { WebhookEvent } from './webhook-event.ts';
export type { NormalizedEnvelope } from './envelope.ts';
export type { FundFile, PathFile, PathReader } from './fund-files.ts';
export type { WaitForFundRunOptions } from './fund-run-polling.ts';
export type { WaitForAnalysisOptions } from './analysis-polling.ts';
export type { PollOptions } from './poll-until-final.ts';
export type { ListProjectsQuery, ProjectPage } from './project-pages.ts';
export type { Result } from './operation-types.ts';
export { uploadLimits } from './upload-limits.ts';
export type { UploadLimits } from './upload-limits.ts';
export type { components, operations, paths, webhooks } from '../../openapi/index.ts';
