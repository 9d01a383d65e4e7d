// What the client expects of an analysis detail (also the base of the report payload). Maps keyed by
// entity key, whose keys the specification does not show, are matched value by value.
import { MatchersV3 } from '@pact-foundation/pact';
import { projectExpectation } from '../companies/company-expectations.ts';
import { contractEnum } from '../support/matchers.ts';

const { like, atLeastLike, uuid, number, eachValueMatches } = MatchersV3;

const analysisDataEntry = {
  text: like('Founders with prior exits.'),
  type: like('text'),
  source: like('manual upload'),
};
const analysisStructureEntry = { value: like({}), text: like('Founders with prior exits.') };

export const fitDimensionExpectation = {
  code: like('team'),
  scoreLabel: like('Strong'),
  explanation: like('Experienced founding team.'),
  score: number(8),
};

export function analysisDetailExpectation(projectId: string, companyName: string) {
  return {
    analysisObject: like({ projectLink: 'https://app.heliogrid.example/projects/1' }),
    analysisData: eachValueMatches({ team: analysisDataEntry }, like(analysisDataEntry)),
    platformEntityCompanyId: uuid('0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f'),
    platformEntityCompanyDomainsCsv: like('heliogrid.example'),
    founders: atLeastLike(
      { fullName: like('Ada Lovelace'), emailsCsv: like('ada@heliogrid.example'), tagsString: like('ceo,founder') },
      0,
      1,
    ),
    projectId: uuid(projectId),
    projectcompanyfit: { projectcompanyfitdimensions: atLeastLike(fitDimensionExpectation, 0, 1) },
    // Value fields other than metricKey and dataType depend on the kind: only those two are expected.
    dataPoints: atLeastLike(
      { metricKey: like('foundYearInteger'), dataType: contractEnum('DataPointType', 'integer') },
      0,
      1,
    ),
    dataPointsObject: like({}),
    analysisStructure: eachValueMatches({ team: analysisStructureEntry }, like(analysisStructureEntry)),
    project: projectExpectation(projectId, companyName),
  };
}
