// The handler of every operation of the contract, by operationId (the compiler checks the set).
import {
  createProjectHandler,
  listProjects,
  processMessage,
  searchProjects,
  uploadAnalysisFiles,
} from './companies.ts';
import { uploadFundFiles } from './fund-upload.ts';
import { getFundRunSummary, startFundRun } from './funds.ts';
import type { ServiceHandlers } from './operation-types.ts';
import { getAnalysisDetail, getFullReport, retrieveReport } from './reports.ts';
import {
  createWebhookConfiguration,
  getWebhookConfiguration,
  listWebhookDeliveries,
  updateWebhookConfiguration,
} from './webhooks.ts';

export const serviceHandlers: ServiceHandlers = {
  uploadFundFiles,
  startFundRun,
  getFundRunSummary,
  listProjects,
  searchProjects,
  createProject: createProjectHandler,
  uploadAnalysisFiles,
  processMessage,
  getAnalysisDetail,
  retrieveReport,
  getFullReport,
  getWebhookConfiguration,
  createWebhookConfiguration,
  updateWebhookConfiguration,
  listWebhookDeliveries,
};
