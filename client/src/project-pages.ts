// The company list as an async iterator over all pages.
import type { components } from '../../openapi/index.ts';
import { contractFact, contractNode, isPositiveInteger } from './contract-document.ts';
import type { NormalizedEnvelope } from './envelope.ts';
import { IntegrationError } from './integration-error.ts';
import type { ApiClient, Query } from './operation-types.ts';

type Schemas = components['schemas'];

/** One page: the projects in `data` and `pagination` exactly as the service returned it. */
export type ProjectPage = NormalizedEnvelope<Schemas['ProjectListPage']['data']> & {
  pagination: Schemas['Pagination'];
};

/** The list's query without `id` (a lookup by id is `getProject`). */
export type ListProjectsQuery = Omit<Query<'/integration/projects', 'get'>, 'id'>;

const LIST = '#/paths/~1integration~1projects/get';

function pageSizeSchemaPointer(): string {
  const parameters = contractNode(LIST).parameters;
  const index = Array.isArray(parameters)
    ? parameters.findIndex((_, i) => contractNode(`${LIST}/parameters/${i}`).name === 'pageSize')
    : -1;
  if (index < 0) throw new Error("The contract's company list has no pageSize parameter.");
  return `${LIST}/parameters/${index}/schema`;
}

/** The largest pageSize the service serves (`x-clamped-maximum`); it clamps larger values to it. */
const maxPageSize: number = contractFact(pageSizeSchemaPointer(), 'x-clamped-maximum', isPositiveInteger);

function invalidPage(description: string): IntegrationError {
  return new IntegrationError({
    kind: 'invalid-response',
    status: 200,
    code: null,
    title: 'Unexpected company list page',
    description,
  });
}

/**
 * Pages from `query.page` (0-indexed, default 0) until `pagination.nextPage` is false. The next
 * page number is counted here, never taken from `pagination.page`: the specification's sample shows
 * page 1 for a request of page 0. A pageSize above the clamp is sent clamped, as the service would serve it.
 */
export async function* listProjects(
  api: ApiClient,
  query: ListProjectsQuery = {},
  init: { signal?: AbortSignal; fetch?: (request: Request) => Promise<Response> } = {},
): AsyncGenerator<ProjectPage, void, undefined> {
  let page = query.page ?? 0;
  const clamped = query.pageSize === undefined ? {} : { pageSize: Math.min(query.pageSize, maxPageSize) };
  for (;;) {
    const call = await api.GET('/integration/projects', { params: { query: { ...query, page, ...clamped } }, ...init });
    const envelope = call.data as NormalizedEnvelope;
    if (!Array.isArray(envelope.data) || envelope.pagination === undefined) {
      throw invalidPage(`page ${page} has no list in data or no pagination.`);
    }
    const current = envelope as ProjectPage;
    yield current;
    if (!current.pagination.nextPage) return;
    // A page that says more follows but holds nothing would make this loop forever.
    if (current.data.length === 0) throw invalidPage(`page ${page} is empty but says nextPage is true.`);
    page += 1;
  }
}
