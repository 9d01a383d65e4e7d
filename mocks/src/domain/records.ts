// The mock's stored records. Shapes the contract describes are reused from generated/types.ts;
// the rest is bookkeeping the contract does not show (owners, sources, timestamps of moves).
import type { components } from '../../../openapi/index.ts';
import type { SeedDriveFolder } from './seed.ts';

type Schemas = components['schemas'];

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  apiKey: string;
  accessToken: string;
  fundRoles: Map<string, Schemas['FundRole']>;
  drive: { folders: SeedDriveFolder[] } | null;
}

// Owner and the fields the keyword search reads are readonly: searches remember their results
// (keyword-matches.ts), which holds only while these never change after creation.
export interface ProjectRecord {
  readonly id: string;
  readonly ownerUserId: string;
  projectType: Schemas['ProjectType'] | null;
  readonly name: string;
  readonly companyName: string;
  /** As given; null when the request had none. */
  readonly companyWebsite: string | null;
  companyLegalName: string | null;
  companyEmail: string | null;
  readonly companyIndustry: string;
  readonly companyCountry: string;
  companyBusinessModel: string;
  companyStage: string;
  companyRevenueRange: string;
  readonly description: string;
  isVisible: boolean;
  isPending: boolean;
  isUnread: boolean;
  status: Schemas['ProjectStatus'];
  phase: Schemas['ProjectPhase'];
  extraConfig: Schemas['ProjectExtraConfig'];
  platformEntityCompanyId: string;
  messages: { content: string; receivedAt: string }[];
  createdAt: string;
}

export interface AnalysisRecord {
  id: string;
  projectId: string;
  type: 'company';
  status: Schemas['AnalysisStatus'];
  /** Documents the analysis reads (docLink, notes file, folder files, uploaded files, website). */
  sources: string[];
  /** Manual upload: waits in `pending` until files arrive at integrationfiles/upload. */
  awaitingUpload: boolean;
  /** The simulated engine cannot read one of the sources: the analysis ends `failed`. */
  unreadable: boolean;
  score: Schemas['ProjectScore'] | null;
  createdAt: string;
}

export interface FolderRecord {
  folderPath: string;
  ownerUserId: string;
  /** Directory on disk holding the files. */
  dir: string;
  fileNames: string[];
  createdAt: string;
}

export interface FundRunRecord {
  fundExtractionId: string;
  fundId: string;
  ownerUserId: string;
  name: string;
  folderPath: string;
  fileNames: string[];
  status: Schemas['FundRunStatus'];
  errorMessage: string | null;
  refDate: string | null;
  projectMode: Schemas['ProjectMode'];
  customerIsInvestor: boolean;
  fundstage: Schemas['FundStage'] | null;
  lastStageChange: string | null;
  companies: Schemas['FundCompany'][];
  createdAt: string;
  updatedAt: string;
}

export interface WebhookConfigRecord {
  id: string;
  url: string;
  analysisCompleted: boolean;
  analysisChangedStatus: boolean;
  createdAt: string;
  updatedAt: string;
}
