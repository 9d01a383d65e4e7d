// A small front end over the typed client: lists the caller's companies and adds one. It knows
// nothing of mocks: the same page runs against MSW in the browser and against a shared HTTP mock.
import { createIntegrationClient } from '../../../client/src/index.ts';

export function startApp(root: HTMLElement, baseUrl = `${location.origin}/api`): void {
  const client = createIntegrationClient({ baseUrl, apiKey: 'mock-api-key' });
  root.innerHTML = `
    <form id="add"><input id="name" placeholder="Company name" /><button>Add</button></form>
    <p id="count"></p><ul id="companies"></ul>`;
  const list = root.querySelector<HTMLUListElement>('#companies')!;
  const count = root.querySelector<HTMLParagraphElement>('#count')!;
  const input = root.querySelector<HTMLInputElement>('#name')!;

  async function refresh(): Promise<void> {
    const names: string[] = [];
    for await (const page of client.listProjects({ pageSize: 100 })) names.push(...page.data.map((p) => p.companyName));
    list.replaceChildren(...names.map((name) => Object.assign(document.createElement('li'), { textContent: name })));
    count.textContent = `${names.length} companies`;
    root.dataset.ready = String(Number(root.dataset.ready ?? 0) + 1);
  }

  root.querySelector('#add')!.addEventListener('submit', async (event) => {
    event.preventDefault();
    await client.createProject({ companyName: input.value, projectType: 'projectNoAnalysis' });
    input.value = '';
    await refresh();
  });
  void refresh();
}
