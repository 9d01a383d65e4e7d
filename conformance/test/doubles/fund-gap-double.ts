// A fund service whose open fund-run answers differ from the mock's where neither the mock's own
// choices nor the records double (gap-double.ts) reach: it shows `running`, with a part and a
// section readable the whole time the run is under way, and it never links a portfolio company to a
// company record listed before the run (each gets a record of its own, however it is named). A
// proxy in front of the mock (broken-proxy.ts); FUND_DOUBLE_CHOICES is what parity must report,
// written out here and not read from the mock's code.
import type { GapObservation, GapProbeId } from '../../../common/src/index.ts';
import type { Break } from './broken-proxy.ts';

/** The part and the section the double's run offers while under way. */
const UNDER_WAY = { flag: 'workbook', section: 'reconciled' } as const;

/** What parity must report of fundGapDouble: every answer a profile holds. */
export const FUND_DOUBLE_CHOICES: Partial<Record<GapProbeId, GapObservation>> = {
  'funds.run-progress': {
    kind: 'values',
    values: {
      statuses: 'pending, running, completed',
      'figures before the end': 'empty list',
      'available before the end': UNDER_WAY.flag,
      'dataSections before the end': UNDER_WAY.section,
      'available while running': UNDER_WAY.flag,
      'figures when completed': 'a list',
    },
  },
  'funds.portfolio-name-matching': {
    kind: 'values',
    values: {
      'named as a listed company': 'another record',
      'named as a listed company in another case': 'another record',
      'named as no listed company': 'another record',
    },
  },
};

export function fundGapDouble(): Break {
  const relinked = new Map<string, string>();
  return {
    response: async (req, answer, upstream) => {
      if (answer.status !== 200 || req.path !== '/api/integrationfund/fund') return;
      const data = answer.body.data;
      if (data.status === 'pending' || data.status === 'running')
        Object.assign(data.available, { [UNDER_WAY.flag]: true, dataSections: [UNDER_WAY.section] });
      for (const company of data.companies) {
        if (typeof company.projectId !== 'string') continue;
        // A record of its own per portfolio company, made once.
        const key = `${data.fundExtractionId} ${company.id}`;
        let id = relinked.get(key);
        if (id === undefined) {
          const made = await upstream(
            '/api/integration/project',
            { companyName: company.companyName, projectType: 'projectNoAnalysis' },
            true,
          );
          id = made.data.project.id as string;
          relinked.set(key, id);
        }
        company.projectId = id;
      }
    },
  };
}
