// What the client expects of a fund run as created and as summarised. Nullable parts whose value types
// the specification leaves open (firm, owner, fund stage) are not expected at all.
import { MatchersV3 } from '@pact-foundation/pact';
import { contractEnum, isoDateTime } from '../support/matchers.ts';

const { like, eachLike, atLeastLike, uuid, integer, boolean, number, date } = MatchersV3;

export const FUND_RUN_ID = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const FUND_NAME = 'Helio Fund I';
export const REF_DATE = '2025-12-31';

export const fundRunExpectation = {
  fundExtractionId: uuid(FUND_RUN_ID),
  name: like(FUND_NAME),
  status: 'pending',
  refDate: date('yyyy-MM-dd', REF_DATE),
  createdAt: isoDateTime('2026-01-01T00:00:09.000Z'),
};

/** The summary of a completed first run of a fund, read by its owner. */
export const completedFundRunSummaryExpectation = {
  fundExtractionId: uuid(FUND_RUN_ID),
  fundId: like('fund-helio-fund-i'),
  baseFundExtractionId: null,
  name: like(FUND_NAME),
  uploadName: like(FUND_NAME),
  status: contractEnum('FundRunStatus', 'completed'),
  errorMessage: null,
  refDate: date('yyyy-MM-dd', REF_DATE),
  projectMode: contractEnum('ProjectMode', 'bookmark'),
  customerIsInvestor: boolean(false),
  showDerivedMetrics: boolean(false),
  myRole: contractEnum('FundRole', 'owner'),
  figures: atLeastLike(
    { key: like('nav'), label: like('Net asset value'), value: number(182400000), unit: like('currency') },
    0,
    1,
  ),
  companiesCount: integer(3),
  companies: atLeastLike(
    {
      id: like('company-1'),
      status: contractEnum('#/components/schemas/FundCompany/properties/status', 'active'),
      companyName: like('Helio Grid Technologies'),
      origin: like('document'),
    },
    0,
    1,
  ),
  fundRuns: eachLike({
    fundExtractionId: uuid(FUND_RUN_ID),
    name: like(FUND_NAME),
    status: contractEnum('FundRunStatus', 'completed'),
    createdAt: isoDateTime('2026-01-01T00:00:09.000Z'),
  }),
  available: {
    workbook: boolean(true),
    overview: boolean(true),
    structure: boolean(true),
    incremental: boolean(false),
    dataSections: atLeastLike(like('reconciled'), 0, 1),
  },
  createdAt: isoDateTime('2026-01-01T00:00:09.000Z'),
  updatedAt: isoDateTime('2026-01-01T00:00:11.000Z'),
};
