// The GitHub Actions workflows of docs/pipelines.md, which no runner here executes: each is valid
// against GitHub's workflow schema (@action-validator/core, SchemaStore's schema compiled to
// WebAssembly), and the docs workflow is only checkout, Node and scripts/docs-release.sh (run by
// docs-versions.e2e.test.ts), so what it does is what the test ran.
import { validateWorkflow } from '@action-validator/core';
import { readFile, stat } from 'node:fs/promises';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Each `## ...: .github/workflows/<name>.yml` section's YAML block, by file name. */
async function pipelineWorkflows(): Promise<Map<string, string>> {
  const text = await readFile(`${ROOT}docs/pipelines.md`, 'utf8');
  const workflows = new Map<string, string>();
  for (const section of text.split(/^## /m).slice(1)) {
    const name = section.match(/^[^\n]*`\.github\/workflows\/([\w.-]+\.yml)`/)?.[1];
    const yaml = section.match(/```yaml\n([\s\S]*?)```/)?.[1];
    if (name && yaml) workflows.set(name, yaml);
  }
  return workflows;
}

const problems = (yaml: string) =>
  validateWorkflow(yaml).errors.map((e) => `${'path' in e ? e.path : ''} ${e.title} ${e.detail ?? ''}`.trim());

describe('the workflows of docs/pipelines.md', () => {
  it('are valid GitHub Actions workflows', async () => {
    const workflows = await pipelineWorkflows();
    expect([...workflows.keys()].sort()).toEqual(['contract-consumer.yml', 'contract-service.yml', 'docs.yml']);
    for (const [name, yaml] of workflows) expect(problems(yaml), name).toEqual([]);
  });

  it('the validator refuses a broken workflow (a misspelt steps key, a job without runs-on)', () => {
    expect(problems('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n').length).toBeGreaterThan(0);
    expect(problems('on: push\njobs:\n  a:\n    steps:\n      - run: echo\n').length).toBeGreaterThan(0);
  });

  it('the docs workflow runs on release tags and is checkout, Node and the release script only', async () => {
    const docs = parse((await pipelineWorkflows()).get('docs.yml') ?? '') as {
      on: { push: { tags: string[] } };
      jobs: Record<string, { steps: Record<string, unknown>[] }>;
    };
    expect(docs.on.push.tags).toEqual(['v*.*.*']);
    const steps = Object.values(docs.jobs).flatMap((job) => job.steps);
    expect(steps.map((step) => step.uses ?? step.run)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'bash scripts/docs-release.sh',
    ]);
    expect((await stat(`${ROOT}scripts/docs-release.sh`)).isFile()).toBe(true);
  });
});
