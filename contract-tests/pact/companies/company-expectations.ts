// What the client expects of a company record and its parts, shared by the company and report
// suites. Open sets (stage, business model, processing, status codes) are matched by type.
import { MatchersV3 } from '@pact-foundation/pact';
import { contractEnum, isoDateTime } from '../support/matchers.ts';

const { like, eachLike, atLeastLike, uuid, integer, boolean, number } = MatchersV3;

/** The company (and its analysis) every company, report, message and event expectation names. */
export const PROJECT_ID = '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10';
export const ANALYSIS_ID = '7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88';

export const analysisSummaryExpectation = {
  id: uuid(ANALYSIS_ID),
  type: like('company'),
  status: contractEnum('AnalysisStatus', 'completed'),
  createdAt: isoDateTime('2026-01-01T00:00:00.000Z'),
};

export const projectScoreExpectation = {
  status: like('done'),
  scoreText: like('Strong team, large market'),
  score: number(7.3),
};

/** A company as the list returns it, with the analysis the provider state gives it. */
export function projectExpectation(projectId: string, companyName: string) {
  return {
    id: uuid(projectId),
    name: like('Helio'),
    companyName: like(companyName),
    companyLegalName: like(`${companyName} GmbH`),
    companyEmail: like('contact@heliogrid.example'),
    companyWebsite: like('https://heliogrid.example'),
    companyIndustry: like('Energy'),
    companyCountry: like('DE'),
    companyBusinessModel: like('b2b'),
    companyStage: like('seed'),
    companyRevenueRange: like('EUR 1M - 5M'),
    isVisible: boolean(true),
    isPending: boolean(false),
    isUnread: boolean(false),
    processing: like('completed'),
    projectUser: { role: like('owner') },
    analyses: eachLike(analysisSummaryExpectation),
    projectscores: atLeastLike(projectScoreExpectation, 0, 1),
    projectstatus: {
      name: like('Active'),
      code: like('active'),
      order: integer(1),
      isVisible: boolean(true),
      hasProjectPhase: boolean(true),
    },
    projectphase: {
      name: like('Due diligence'),
      code: like('dueDiligence'),
      order: integer(1),
      isVisible: boolean(true),
    },
    projectowner: { fullName: like('Mock User'), email: like('owner@heliogrid.example'), status: like('active') },
  };
}
