import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import {
  buildAnalysisCompletedEvent,
  buildChangedStatusEvent,
  buildFundAnalysisCompletedEvent,
} from '../src/events.ts';

const project = {
  id: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10',
  name: 'Helio Grid',
  platformEntityCompanyId: 'c4a1e2d3-5b6f-4a7c-8d9e-0f1a2b3c4d5e',
};
const schema = (name: string) => `#/components/schemas/${name}`;

describe('webhook event builders', () => {
  it('build bodies the contract accepts, from the records given', () => {
    const analysis = buildAnalysisCompletedEvent(project, { id: '7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88' });
    expect(contractValidator().validate(schema('AnalysisCompletedEvent'), analysis).violations).toEqual([]);
    expect(analysis.data).toEqual({
      projectId: project.id,
      analysisId: '7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88',
      projectName: 'Helio Grid',
      platformEntityCompanyId: project.platformEntityCompanyId,
    });

    const change = {
      previousStatus: 'screening',
      newStatus: 'active',
      stage: 'dueDiligence',
      changedAt: '2026-03-05T10:12:00.000Z',
    };
    const changed = buildChangedStatusEvent(project, change);
    expect(contractValidator().validate(schema('ChangedStatusEvent'), changed).violations).toEqual([]);
    expect(changed.data).toEqual({ projectId: project.id, projectName: 'Helio Grid', ...change });

    const fund = buildFundAnalysisCompletedEvent({
      fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      fundId: 'fund-x',
      name: 'Fund X',
    });
    expect(contractValidator().validate(schema('FundAnalysisCompletedEvent'), fund).violations).toEqual([]);
    expect(fund).toEqual({
      event: 'fundAnalysisCompleted',
      data: { fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d', fundId: 'fund-x', name: 'Fund X' },
    });
  });

  it('the contract refuses a body built from a record without a uuid', () => {
    const broken = buildAnalysisCompletedEvent({ ...project, id: 'not-a-uuid' }, { id: 'x' });
    expect(contractValidator().validate(schema('AnalysisCompletedEvent'), broken).valid).toBe(false);
  });
});
