import { describe, expect, it } from 'vitest';
import { clientWith, jsonResponse, topLevelBody } from './doubles/fake-fetch.ts';
import type { ProjectPage } from '../src/project-pages.ts';

const SERVER_DEFAULT_PAGE_SIZE = 10;
const SERVER_MAX_PAGE_SIZE = 100;

/** A company list of `total` projects that clamps pageSize and reports pages the way `reportPage` says. */
function companyList(total: number, reportPage: (requested: number) => number) {
  const projects = Array.from({ length: total }, (_, i) => ({ id: `p-${i}` }));
  return (_request: Request, url: URL) => {
    const page = Number(url.searchParams.get('page') ?? 0);
    const asked = url.searchParams.get('pageSize');
    const pageSize = Math.min(asked === null ? SERVER_DEFAULT_PAGE_SIZE : Number(asked), SERVER_MAX_PAGE_SIZE);
    const data = projects.slice(page * pageSize, (page + 1) * pageSize);
    const pagination = { page: reportPage(page), totalCount: total, pageSize, nextPage: (page + 1) * pageSize < total };
    return jsonResponse(200, topLevelBody(data, pagination));
  };
}

async function collect(pages: AsyncIterable<ProjectPage>): Promise<ProjectPage[]> {
  const all: ProjectPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const ids = (pages: ProjectPage[]) => pages.flatMap((p) => p.data.map((project) => project.id));

describe('listProjects: every page', () => {
  it('walks several pages with a clamped page size and the 1-based page numbers of the sample', async () => {
    const { client, requests } = clientWith(companyList(250, (requested) => requested + 1));
    const pages = await collect(client.listProjects({ pageSize: 500, search: 'energy' }));
    expect(requests.map((r) => new URL(r.url).searchParams.toString())).toEqual([
      'pageSize=100&search=energy&page=0',
      'pageSize=100&search=energy&page=1',
      'pageSize=100&search=energy&page=2',
    ]);
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 50]);
    expect(ids(pages)).toEqual(Array.from({ length: 250 }, (_, i) => `p-${i}`));
    // pagination is handed on as the service returned it, not corrected.
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, totalCount: 250, pageSize: 100, nextPage: true },
      { page: 2, totalCount: 250, pageSize: 100, nextPage: true },
      { page: 3, totalCount: 250, pageSize: 100, nextPage: false },
    ]);
  });

  it('gets the same projects from a service that reports 0-based pages', async () => {
    const { client } = clientWith(companyList(25, (requested) => requested));
    const pages = await collect(client.listProjects());
    expect(pages).toHaveLength(3);
    expect(ids(pages)).toEqual(Array.from({ length: 25 }, (_, i) => `p-${i}`));
  });

  it('starts at the page asked for', async () => {
    const { client, requests } = clientWith(companyList(30, (requested) => requested + 1));
    const pages = await collect(client.listProjects({ page: 1, pageSize: 10 }));
    expect(ids(pages)).toEqual(Array.from({ length: 20 }, (_, i) => `p-${i + 10}`));
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('stops with an error on a page that is empty but says another follows', async () => {
    const { client, requests } = clientWith(() =>
      jsonResponse(200, topLevelBody([], { page: 0, totalCount: 5, pageSize: 10, nextPage: true })),
    );
    await expect(collect(client.listProjects())).rejects.toMatchObject({
      kind: 'invalid-response',
      description: expect.stringContaining('nextPage'),
    });
    expect(requests).toHaveLength(1);
  });

  it('stops with an error on a page without pagination', async () => {
    const { client } = clientWith(() => jsonResponse(200, topLevelBody([{ id: 'p-0' }])));
    await expect(collect(client.listProjects())).rejects.toMatchObject({
      kind: 'invalid-response',
      description: expect.stringContaining('pagination'),
    });
  });

  it('hands on the pages read before a failing one, then the typed error', async () => {
    const list = companyList(30, (requested) => requested);
    const { client } = clientWith((request, url) =>
      url.searchParams.get('page') === '1'
        ? jsonResponse(500, {
            code: '5000',
            title: 'Internal Server Error',
            description: 'Unexpected error',
            data: null,
          })
        : list(request, url),
    );
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const page of client.listProjects()) seen.push(...page.data.map((p) => p.id));
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(10);
    expect(failure).toMatchObject({ kind: 'internal-error', status: 500, code: '5000' });
  });
});
