// Company records: list (and the `id` lookup), search, create, manual file upload, messages.
import { GAP_PROBES } from '../../../common/src/index.ts';
import { attachUploadedFiles } from '../domain/analyses.ts';
import { createProject, ownAnalysis, ownProject, projectsOf, ANALYSIS_COST_GAP } from '../domain/projects.ts';
import { projectGaps, projectView } from '../domain/project-views.ts';
import { metadataEnvelope, topLevelEnvelope } from '../http/envelope.ts';
import { errors } from '../http/errors.ts';
import { fetchMatching, fetchProject, fetchProjectPage } from '../persistence/fetch-parts.ts';
import { receiveAnalysisFiles } from './analysis-upload.ts';
import type { OperationHandler } from './operation-types.ts';

const MAX_PAGE_SIZE = 100;
const LOOKUP_GAP = GAP_PROBES['companies.lookup-shape'].mockGap;
const ORDERBY_GAP =
  'fields accepted by orderby: the mock sorts by any Project field holding a string, number or boolean';
const NAME_GAP =
  'name and companyWebsite of a created project when the request has none: name is companyName, companyWebsite is null';
const NO_ANALYSIS_ID_GAP = 'analysisId for projectNoAnalysis: the mock omits it (no analysis exists)';
/** The mock's keyword match (domain/keyword-matches.ts), named by the search and the list's `search`. */
const KEYWORDS_GAP = GAP_PROBES['search.keywords-matching'].mockGap;

export const listProjects: OperationHandler<'listProjects'> = async ({ query, user, runtime }) => {
  const page = query.page ?? 0;
  const pageSize = Math.min(query.pageSize ?? 10, MAX_PAGE_SIZE);
  // A session still fetching its stored image (PostgreSQL): a page of the plain list, or a
  // look-up by id, waits for its own projects and analyses only; a list with keywords or an order
  // for the caller's projects (found by the index of their owners) and the analyses it shows.
  if (query.id !== undefined) await fetchProject(runtime.state, query.id);
  else if (query.orderby === undefined && !query.search?.trim())
    await fetchProjectPage(runtime.state, user, page * pageSize, (page + 1) * pageSize);
  else
    await fetchMatching(
      runtime.state,
      user,
      query.search ?? '',
      query.orderby === undefined ? [page * pageSize, (page + 1) * pageSize] : undefined,
    );
  const { state } = runtime;
  if (state.faults.companyList) throw errors.companyListFailed();
  if (query.id !== undefined) {
    const project = ownProject(state, user, query.id);
    return {
      body: topLevelEnvelope(projectView(state, project)),
      gaps: [LOOKUP_GAP, ...projectGaps(state, [project])],
    };
  }
  const matching = projectsOf(state, user, query.search ?? '');
  const searchGaps = query.search === undefined ? [] : [KEYWORDS_GAP];
  const start = page * pageSize;
  if (query.orderby === undefined) {
    // Views only for the page: building one per matching project made every page cost the whole list.
    const onPage = matching.slice(start, start + pageSize);
    return {
      body: topLevelEnvelope(
        onPage.map((p) => projectView(state, p)),
        { page, pageSize, totalCount: matching.length, nextPage: start + pageSize < matching.length },
      ),
      gaps: [...searchGaps, ...projectGaps(state, onPage)],
    };
  }
  const entries = matching.slice(0).map((record) => ({ record, view: projectView(state, record) }));
  const key = query.orderby as keyof (typeof entries)[number]['view'];
  if (!entries.every(({ view }) => ['string', 'number', 'boolean'].includes(typeof view[key]))) {
    throw errors.invalidRequest(
      `query parameter orderby names no sortable Project field: ${query.orderby}`,
      ORDERBY_GAP,
    );
  }
  // Stable: ties keep creation order.
  const onPage = [...entries].sort((a, b) => compare(a.view[key], b.view[key])).slice(start, start + pageSize);
  return {
    body: topLevelEnvelope(
      onPage.map((e) => e.view),
      { page, pageSize, totalCount: entries.length, nextPage: start + pageSize < entries.length },
    ),
    gaps: [
      ORDERBY_GAP,
      ...searchGaps,
      ...projectGaps(
        state,
        onPage.map((e) => e.record),
      ),
    ],
  };
};

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);
  return Number(a) - Number(b);
}

export const searchProjects: OperationHandler<'searchProjects'> = ({ query, user, runtime }) => {
  const found = projectsOf(runtime.state, user, query.keywords);
  return {
    body: metadataEnvelope({ data: found.slice(0).map((p) => ({ id: p.id })) }),
    gaps: [GAP_PROBES['search.entry-fields'].mockGap, KEYWORDS_GAP],
  };
};

/** The mock's folder-name match (domain/drive.ts), named where a creation searches by name. */
const FOLDER_NAME_GAP = 'folder name matching: the mock matches the whole name, trimmed, ignoring letter case';

export const createProjectHandler: OperationHandler<'createProject'> = ({ body, user, runtime }) => {
  const { project, analysis, returnedDriveLink } = createProject(runtime.state, user, body);
  const gaps: string[] = [];
  if (body.name === undefined || body.companyWebsite === undefined) gaps.push(NAME_GAP);
  if (analysis) gaps.push(ANALYSIS_COST_GAP);
  else gaps.push(NO_ANALYSIS_ID_GAP);
  if (body.folderName !== undefined && body.folderLink === undefined) gaps.push(FOLDER_NAME_GAP);
  return {
    body: metadataEnvelope({
      project: {
        id: project.id,
        name: project.name,
        companyName: project.companyName,
        companyWebsite: project.companyWebsite,
        projectType: body.projectType,
      },
      ...(analysis ? { analysisId: analysis.id } : {}),
      ...(returnedDriveLink ? { driveFolderLink: returnedDriveLink } : {}),
    }),
    gaps,
  };
};

export const uploadAnalysisFiles: OperationHandler<'uploadAnalysisFiles'> = async ({ request, user, runtime }) => {
  const { state } = runtime;
  const analysisId = String(request.headers.analysisid);
  const analysis = ownAnalysis(state, user, analysisId, 'error for an unknown analysisid');
  const received = await receiveAnalysisFiles(request, runtime);
  attachUploadedFiles(state, analysis, received.names, received.unreadable);
  return {
    body: metadataEnvelope(null),
    gaps: ['request parts and response data of integrationfiles/upload: any file part is accepted, data is null'],
  };
};

export const processMessage: OperationHandler<'processMessage'> = ({ body, user, runtime }) => {
  const { state } = runtime;
  const project = ownProject(state, user, body.projectId);
  project.messages.push({ content: body.content, receivedAt: state.ids.now() });
  state.changed('project', project.id);
  return { body: metadataEnvelope(null) };
};
