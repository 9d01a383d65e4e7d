// docs/provider-states.md is what the state declarations give today, and the page changes with them.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { httpPactStates } from '../../common/src/index.ts';
import { PROVIDER_STATES_DOC, renderProviderStatesDoc } from './provider-states-doc.ts';

describe('docs/provider-states.md', () => {
  it('is up to date with the declarations (npm run docs:provider-states)', async () => {
    expect(await readFile(PROVIDER_STATES_DOC, 'utf8')).toBe(renderProviderStatesDoc());
  });

  it('lists every state once, with what must hold and the values to answer', () => {
    const page = renderProviderStatesDoc();
    for (const [name, state] of Object.entries(httpPactStates)) {
      expect(page.split('\n').filter((line) => line.startsWith(`| ${name} |`))).toHaveLength(1);
      for (const value of Object.keys(state.answers ?? {})) expect(page).toContain(`\`${value}\`:`);
    }
  });

  it('differs from the page on disk when a declaration changes', async () => {
    const changed = { ...httpPactStates, 'a new state': { given: 'Something new holds.' } };
    expect(renderProviderStatesDoc(changed)).not.toBe(await readFile(PROVIDER_STATES_DOC, 'utf8'));
  });
});
