// The mock serves the control API from generated/control-api.json (no YAML parse at start-up):
// it must be control-api.openapi.yaml exactly, or the mock would serve a stale document.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { expect, it } from 'vitest';
import { controlContract } from './contract-documents.ts';

it('serves control-api.openapi.yaml as written (run `npm run generate` after editing it)', () => {
  const yaml = load(readFileSync(new URL('./control-api.openapi.yaml', import.meta.url), 'utf8'));
  // toStrictEqual: a YAML timestamp parsed to a Date would not equal its JSON string.
  expect(controlContract().doc).toStrictEqual(yaml);
});
