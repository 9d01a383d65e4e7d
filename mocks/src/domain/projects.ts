// Company records: creation under the three project types and the drive folder rules, messages,
// and the keyword match of list and search (a status change comes only from the control API: ../control/).
import type { components } from '../../../openapi/index.ts';
import { errors } from '../http/errors.ts';
import { createAnalysis } from './analyses.ts';
import { commitDriveLink, resolveDriveFolder } from './drive.ts';
import { projectMatches, type ProjectMatches } from './keyword-matches.ts';
import type { AnalysisRecord, ProjectRecord, UserRecord } from './records.ts';
import { DEFAULT_PHASE, DEFAULT_STATUS, type MockState } from './state.ts';

type Schemas = components['schemas'];

export const ANALYSIS_COST_GAP =
  'credit cost of a company analysis (seed analysisCost) and the error when credits are short';
const NOTES_FILE_NAME = 'notes.txt';

export interface CreatedProject {
  project: ProjectRecord;
  analysis?: AnalysisRecord;
  /** Set for `projectAnalysisWithFile` with no files at all, when a folder was asked for. */
  returnedDriveLink?: Schemas['DriveFolderLinkOutcome'];
}

export function newProjectRecord(
  state: MockState,
  owner: UserRecord,
  fields: Pick<ProjectRecord, 'companyName' | 'name' | 'companyWebsite' | 'projectType'>,
): ProjectRecord {
  return {
    id: state.ids.uuid('project'),
    ownerUserId: owner.id,
    companyLegalName: null,
    companyEmail: null,
    companyIndustry: '',
    companyCountry: '',
    companyBusinessModel: '',
    companyStage: '',
    companyRevenueRange: '',
    description: '',
    isVisible: true,
    isPending: false,
    isUnread: true,
    status: { ...DEFAULT_STATUS },
    phase: { ...DEFAULT_PHASE },
    extraConfig: {},
    platformEntityCompanyId: state.ids.uuid('entity'),
    messages: [],
    createdAt: state.ids.now(),
    ...fields,
  };
}

export function createProject(
  state: MockState,
  owner: UserRecord,
  request: Schemas['CreateProjectRequest'],
): CreatedProject {
  const drive = resolveDriveFolder(owner, request, state.choices);
  const folderFiles = drive?.folder?.files ?? [];
  let sources: string[] | undefined;
  if (request.projectType === 'projectAnalysisNoFile') {
    sources = [request.companyWebsite ?? '', ...folderFiles];
  } else if (request.projectType === 'projectAnalysisWithFile') {
    sources = [
      ...(request.docLink ? [request.docLink] : []),
      ...(request.notesText !== undefined ? [NOTES_FILE_NAME] : []),
      ...folderFiles,
    ];
  }
  // Refused before anything is created or linked.
  if (sources && !state.charge(state.seed.analysisCost)) {
    throw errors.noCredits().withGap(ANALYSIS_COST_GAP);
  }
  const project = newProjectRecord(state, owner, {
    companyName: request.companyName,
    name: request.name ?? request.companyName,
    companyWebsite: request.companyWebsite ?? null,
    projectType: request.projectType,
  });
  if (drive) {
    if (commitDriveLink(drive, project.id)) state.changed('user', owner.id);
    project.extraConfig.driveFolderLink = drive.outcome;
  }
  state.projects.set(project.id, project);
  const analysis = sources ? createAnalysis(state, project, sources, sources.length === 0) : undefined;
  const noFilesAtAll = request.projectType === 'projectAnalysisWithFile' && sources?.length === 0;
  return { project, analysis, ...(noFilesAtAll && drive ? { returnedDriveLink: drive.outcome } : {}) };
}

/** The projects a user can see, in creation order; built only as far as they are sliced. */
export function projectsOf(state: MockState, user: UserRecord, keywords: string): ProjectMatches {
  return projectMatches(state.projects, user, keywords);
}

/** What another user may see of a company is not shown: the mock answers as for an unknown id, and says so. */
const OTHER_USER_GAP = 'what another user may see of a company: the mock answers as for an unknown id';

/** A project of the caller; 404 for an unknown id or another user's project. */
export function ownProject(state: MockState, user: UserRecord, projectId: string): ProjectRecord {
  const project = state.projects.get(projectId);
  if (!project || project.ownerUserId !== user.id) {
    throw errors.notFound(
      `No project ${projectId} for this user`,
      project ? OTHER_USER_GAP : 'error for an unknown project id',
    );
  }
  return project;
}

/** An analysis of one of the caller's projects; 404 (with the caller's gap) for an unknown id or another user's analysis. */
export function ownAnalysis(state: MockState, user: UserRecord, analysisId: string, gap: string): AnalysisRecord {
  const analysis = state.analyses.get(analysisId);
  const project = analysis && state.projects.get(analysis.projectId);
  if (!analysis || !project || project.ownerUserId !== user.id) {
    throw errors.notFound(`No analysis ${analysisId} for this user`, gap);
  }
  return analysis;
}
