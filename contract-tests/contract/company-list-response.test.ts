// The company list's 200 answers either a page or, with `id`, a lookup whose shape the specification
// does not show. The lookup stays open, but a body carrying `pagination` is a page and must be a valid
// one: judged with Ajv on the published bundle (generated/openapi.json), as Prism and the comparators do.
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { contractValidator } from '../../conformance/src/contract-validator.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const validate = (body: unknown) =>
  contractValidator().validateResponse('GET', '/integration/projects', 200, body).violations;
const page = (): Json => structuredClone(contract.components.examples.ProjectList.value) as Json;

describe('company list 200 (published bundle)', () => {
  it('accepts the page and the lookup examples', () => {
    expect(validate(page())).toEqual([]);
    expect(validate(contract.components.examples.ProjectLookup.value)).toEqual([]);
  });

  it('keeps the lookup open: any data without pagination passes', () => {
    expect(
      validate({ code: '1000', title: 'Successful', description: '', data: { id: 'x', anything: [1, 2] } }),
    ).toEqual([]);
    expect(validate({ metadata: { code: '1000', title: 'Successful', description: '' }, data: null })).toEqual([]);
  });

  it('refuses a page with an analysis status outside the enum', () => {
    const body = page();
    body.data[0].analyses[0].status = 'done';
    expect(validate(body)).not.toEqual([]);
  });

  it('refuses a page whose project has no id', () => {
    const body = page();
    delete body.data[0].id;
    expect(validate(body)).not.toEqual([]);
  });

  it('refuses a page whose pagination is not the pagination object', () => {
    const body = page();
    body.pagination = { page: 'first' };
    expect(validate(body)).not.toEqual([]);
  });
});
