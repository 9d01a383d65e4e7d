// Contract shapes of company records and analyses, built from the stored records.
import type { components } from '../../../openapi/index.ts';
import { fillForm } from './gap-choices.ts';
import { kebab } from './kebab.ts';
import type { AnalysisRecord, ProjectRecord } from './records.ts';
import type { MockState } from './state.ts';

type Schemas = components['schemas'];

const PLACEHOLDER_GAP =
  'project fields not given at creation: companyWebsite, companyEmail and companyLegalName hold mock placeholders';
const PROCESSING_GAP = 'project processing values other than completed: the mock uses progress while an analysis runs';
const PROJECT_LINK_BASE = 'https://app.mock.example/projects/';

function slug(text: string): string {
  return kebab(text) || 'company';
}

function hostOf(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** Open facts a project's views rely on: placeholders, and a processing value other than `completed`. */
export function projectGaps(state: MockState, projects: ProjectRecord[]): string[] {
  return [
    ...(projects.some(hasPlaceholders) ? [PLACEHOLDER_GAP] : []),
    ...(projects.some((p) => processingOf(state, p) !== 'completed') ? [PROCESSING_GAP] : []),
  ];
}

/** Whether a project's list view needs placeholders (the contract requires values the mock was never given). */
function hasPlaceholders(project: ProjectRecord): boolean {
  return project.companyWebsite === null || project.companyEmail === null || project.companyLegalName === null;
}

function websiteOf(project: ProjectRecord): string {
  return project.companyWebsite ?? `https://${slug(project.companyName)}.example`;
}

/** The email made up for a company created without one: beside a website given, the choices' form over its host. */
function emailOf(state: MockState, project: ProjectRecord, website: string): string {
  const host = hostOf(website);
  if (project.companyWebsite !== null && host !== undefined)
    return fillForm(state.choices.emailWithWebsite, { '{website host}': host });
  return `contact@${host ?? `${slug(project.companyName)}.example`}`;
}

function processingOf(state: MockState, project: ProjectRecord): Schemas['ProjectProcessing'] {
  return state.projectAnalyses(project.id).some((a) => a.status === 'pending' || a.status === 'progress')
    ? 'progress'
    : 'completed';
}

function analysisSummary(analysis: AnalysisRecord): Schemas['AnalysisSummary'] {
  return { id: analysis.id, type: analysis.type, status: analysis.status, createdAt: analysis.createdAt };
}

/** The scores of the one analysis given, else of every completed analysis. */
function scores(state: MockState, project: ProjectRecord, only?: AnalysisRecord): Schemas['ProjectScore'][] {
  const analyses = only ? [only] : state.projectAnalyses(project.id);
  return analyses.flatMap((a) => (a.status === 'completed' && a.score ? [a.score] : []));
}

export function projectView(state: MockState, project: ProjectRecord): Schemas['Project'] {
  const owner = state.user(project.ownerUserId);
  const website = websiteOf(project);
  return {
    id: project.id,
    name: project.name,
    companyName: project.companyName,
    companyLegalName: project.companyLegalName ?? project.companyName,
    companyEmail: project.companyEmail ?? emailOf(state, project, website),
    companyWebsite: website,
    companyIndustry: project.companyIndustry,
    companyCountry: project.companyCountry,
    companyBusinessModel: project.companyBusinessModel,
    companyStage: project.companyStage,
    companyRevenueRange: project.companyRevenueRange,
    isVisible: project.isVisible,
    isPending: project.isPending,
    isUnread: project.isUnread,
    processing: processingOf(state, project),
    // Users only see their own projects, so the caller is always the owner.
    projectUser: { role: 'owner' },
    analyses: state.projectAnalyses(project.id).map(analysisSummary),
    // A company's list and lookup views show its scores unless the choices keep them to the full report.
    projectscores: state.choices.scoresShown ? scores(state, project) : [],
    projectstatus: { ...project.status },
    projectphase: { ...project.phase },
    projectowner: { fullName: owner.name, email: owner.email, status: 'active' },
    ...(project.extraConfig.driveFolderLink ? { extraConfig: { ...project.extraConfig } } : {}),
  };
}

/** The full report's projectDetail; with a completed analysis given, its scores only. */
export function projectDetailView(
  state: MockState,
  project: ProjectRecord,
  analysis?: AnalysisRecord,
): Schemas['ProjectDetail'] {
  return {
    companyName: project.companyName,
    companyWebsite: websiteOf(project),
    processing: processingOf(state, project),
    analyses: state.projectAnalyses(project.id).map(analysisSummary),
    projectscores: scores(state, project, analysis?.status === 'completed' ? analysis : undefined),
    projectstatus: { name: project.status.name, code: project.status.code },
    ...(project.extraConfig.driveFolderLink ? { extraConfig: { ...project.extraConfig } } : {}),
  };
}

function scoreColor(score: number): string {
  return score >= 7 ? 'green' : score >= 5 ? 'orange' : 'red';
}

/** Analysis detail; `chapters` limits analysisData and analysisStructure to those keys. */
export function analysisDetailView(
  state: MockState,
  project: ProjectRecord,
  analysis: AnalysisRecord,
  chapters?: string[],
): Schemas['AnalysisDetail'] {
  const dims = state.seed.fitDimensions;
  const keys = Object.keys(state.seed.chapters).filter((k) => !chapters || chapters.includes(k));
  const source = analysis.sources[0] ?? 'manual upload';
  const analysisObject: Schemas['AnalysisObject'] = { projectLink: `${PROJECT_LINK_BASE}${project.id}` };
  for (const d of dims) {
    analysisObject[`projectfit_${d.code}_score`] = d.score;
    analysisObject[`projectfit_${d.code}_scoreLabel`] = d.scoreLabel;
    analysisObject[`projectfit_${d.code}_explanation`] = d.explanation;
    analysisObject[`projectfit_${d.code}_scoreColor`] = scoreColor(d.score);
  }
  return {
    analysisObject,
    analysisData: Object.fromEntries(
      keys.map((k) => [
        k,
        {
          text: state.seed.chapters[k] ?? '',
          structuredData: null,
          type: 'text',
          source,
          sources: [...analysis.sources],
          comments: [],
        },
      ]),
    ),
    platformEntityCompanyId: project.platformEntityCompanyId,
    platformEntityCompanyDomainsCsv: hostOf(project.companyWebsite) ?? '',
    founders: [],
    projectId: project.id,
    projectcompanyfit: { projectcompanyfitdimensions: dims.map((d) => ({ ...d })) },
    dataPoints: [],
    dataPointsObject: {},
    analysisStructure: Object.fromEntries(
      keys.map((k) => [k, { value: {}, text: state.seed.chapters[k] ?? '', structuredData: null }]),
    ),
    project: projectView(state, project),
  };
}
