// The bi-directional check without a broker: every HTTP interaction of a pact is judged against the
// OpenAPI contract by @pactflow/openapi-pact-comparator.
import { basename } from 'node:path';
import * as comparatorModule from '@pactflow/openapi-pact-comparator';
import { contractForComparator } from './comparator-contract.ts';
import { isHttp, readPact } from './pact-file.ts';

// The package's own declarations do not resolve under NodeNext (directory re-exports and `#` imports),
// so the part of its API used here is typed locally.
interface Result {
  type: 'error' | 'warning';
  code: string;
  message: string;
  mockDetails?: { interactionDescription?: string | null; location: string };
}
type ComparatorClass = new (oas: object) => { compare(pact: object): AsyncGenerator<Result> };
const { Comparator } = comparatorModule as unknown as { Comparator: ComparatorClass };

export interface Finding {
  pactFile: string;
  type: 'error' | 'warning';
  code: string;
  interaction: string;
  /** Where in the pact the finding is, e.g. `[root].interactions[3].response.body.data.status`. */
  location: string;
  message: string;
}

export interface ComparisonReport {
  interactionsChecked: number;
  errors: Finding[];
  warnings: Finding[];
}

function toFinding(pactFile: string, result: Result): Finding {
  return {
    pactFile: basename(pactFile),
    type: result.type,
    code: result.code,
    interaction: result.mockDetails?.interactionDescription ?? '(unnamed)',
    location: result.mockDetails?.location ?? '',
    message: result.message,
  };
}

/** Compares each pact file (HTTP interactions only; messages are left to the message checker). */
export async function comparePactsWithContract(pactFiles: string[], contract = contractForComparator()): Promise<ComparisonReport> {
  const comparator = new Comparator(contract);
  const report: ComparisonReport = { interactionsChecked: 0, errors: [], warnings: [] };
  for (const file of pactFiles) {
    const pact = await readPact(file);
    report.interactionsChecked += pact.interactions.filter(isHttp).length;
    for await (const result of comparator.compare(pact)) {
      (result.type === 'error' ? report.errors : report.warnings).push(toFinding(file, result));
    }
  }
  return report;
}

export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.type} ${f.code} in "${f.interaction}" (${f.pactFile}) at ${f.location}: ${f.message}`).join('\n');
}
