// The seed: everything `POST /__mock/reset` (or `startMock({ seed })`) may override. Its JSON shape
// is documented as `MockSeed` in ../control-api.openapi.yaml; field types reuse the contract's.
import type { components } from '../../../openapi/index.ts';

type Schemas = components['schemas'];

export interface SeedDriveFolder {
  /** Folder id, as in a drive folder URL `.../folders/<id>` or given bare as `folderLink`. */
  id: string;
  /** Folder name at the root of the drive, matched by `folderName`. */
  name: string;
  /** Names of the files in the folder; they are analyzed with the project when it is linked. */
  files?: string[];
  /** A project the folder is already linked to (gives `linked_to_other_project`). */
  linkedProjectId?: string;
  /** Forces an outcome that depends on the provider's internals. */
  outcome?: 'already_linked' | 'search_failed' | 'error';
}

export interface SeedUser {
  id: string;
  name: string;
  email: string;
  /** `Authorization: <apiKey>` */
  apiKey: string;
  /** `Authorization: Bearer <accessToken>` (webhook calls). */
  accessToken: string;
  /** Roles on funds the user did not create, by fundId. */
  fundRoles?: Record<string, Schemas['FundRole']>;
  /** The connected drive; null or absent gives `no_connection`. */
  drive?: { folders: SeedDriveFolder[] } | null;
}

export interface SeedProject {
  id?: string;
  ownerUserId: string;
  companyName: string;
  name?: string;
  companyWebsite?: string;
  companyLegalName?: string;
  companyEmail?: string;
  companyIndustry?: string;
  companyCountry?: string;
  companyBusinessModel?: string;
  companyStage?: string;
  companyRevenueRange?: string;
  /** Searched by the company list's `search`; the contract shows no field for it. */
  description?: string;
  projectstatus?: Schemas['ProjectStatus'];
  projectphase?: Schemas['ProjectPhase'];
  /** Whether the project starts with one completed company analysis (default true). */
  completedAnalysis?: boolean;
}

export type SeedPortfolioCompany = Pick<Schemas['FundCompany'], 'companyName' | 'website' | 'status' | 'origin'>;

export interface MockSeed {
  /** Credits of the workspace's plan. */
  credits?: number;
  /** Credits one company analysis costs (the specification does not show the amount). */
  analysisCost?: number;
  /** Time from `pending` to the final state of an analysis or a fund run, in ms. */
  processingMs?: number;
  /** How long a webhook receiver has to answer (the specification's 30 seconds by default). */
  webhookTimeoutMs?: number;
  /** Start of the deterministic clock: with it, ids count up and the clock ticks one second per reading. */
  startTime?: string;
  /** The project phases a status change may name by `code` alone (POST /__mock/projects/{id}/status). */
  phases?: Schemas['ProjectPhase'][];
  users?: SeedUser[];
  firm?: Schemas['Firm'] | null;
  fundStages?: Schemas['FundStage'][];
  /** Portfolio companies the simulated engine finds in every data room. */
  portfolio?: SeedPortfolioCompany[];
  /** Headline figures of a completed fund run. */
  figures?: Schemas['FundFigure'][];
  /** Fit dimensions scored by every company analysis. */
  fitDimensions?: Schemas['ProjectCompanyFitDimension'][];
  /** Chapter texts of every company analysis, by chapter (entity) key. */
  chapters?: Record<string, string>;
  data?: { projects?: SeedProject[] };
}

export type ResolvedSeed = Required<Omit<MockSeed, 'data' | 'startTime'>> & {
  startTime?: string;
  data: { projects: SeedProject[] };
};
