// The bi-directional check without a broker: every HTTP interaction of a pact is judged against the
// published contract (generated/openapi.json, as it is) by @pactflow/openapi-pact-comparator 2.x, the
// engine of PactFlow's bi-directional contract testing. The contract tells the comparator its base
// path itself (`info.x-opc-config-base-path`), so no copy of it is derived for the tool.
import { basename } from 'node:path';
import * as comparatorModule from '@pactflow/openapi-pact-comparator';
import bundled from '../../../generated/openapi.json' with { type: 'json' };
import { isHttp, readPact } from '../../../conformance/src/pact/pact-file.ts';

// The package's own declarations do not resolve under NodeNext (directory re-exports and `#` imports),
// so the part of its API used here is typed locally.
interface Result {
  type: 'error' | 'warning';
  code: string;
  message: string;
  mockDetails?: { interactionDescription?: string | null; location: string };
  specDetails?: { pathMethod?: string; pathName?: string };
}
type ComparatorClass = new (options: { oas: object }) => { compare(pact: object): AsyncGenerator<Result> };
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
  /** Warnings the specification makes unavoidable (see EXPECTED_WARNINGS); every other one fails. */
  expectedWarnings: Finding[];
}

/**
 * The specification states `Content-Type: application/json` as required on two calls without a body
 * (the company list and the webhook configuration read), and the client sends it. OpenAPI cannot
 * declare a content type on a bodiless call (a `Content-Type` header parameter is ignored), so the
 * comparator warns that the header is defined where nothing is consumed: expected, on these two only.
 */
export const EXPECTED_WARNINGS = [
  { code: 'request.content-type.unknown', method: 'get', path: '/integration/projects' },
  { code: 'request.content-type.unknown', method: 'get', path: '/integration/webhook' },
] as const;

const isExpected = (result: Result): boolean =>
  EXPECTED_WARNINGS.some(
    (w) =>
      w.code === result.code && w.method === result.specDetails?.pathMethod && w.path === result.specDetails?.pathName,
  );

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

// Building a comparator (compiling the contract's schemas) costs far more than comparing a pact on one
// already built (docs/decisions/2026-11-measured-costs.md). One per contract document, kept for the process: the
// comparator is made to judge many pacts against one document.
const comparators = new WeakMap<object, InstanceType<ComparatorClass>>();

function comparatorFor(contract: object): InstanceType<ComparatorClass> {
  let comparator = comparators.get(contract);
  if (!comparator) {
    // A clone, not a derivation: the comparator writes resolved parameters into the document it gets.
    comparator = new Comparator({ oas: structuredClone(contract) });
    comparators.set(contract, comparator);
  }
  return comparator;
}

/** Compares each pact file (HTTP interactions only; messages are left to the message checker). */
export async function comparePactsWithContract(
  pactFiles: string[],
  contract: object = bundled,
): Promise<ComparisonReport> {
  const comparator = comparatorFor(contract);
  const report: ComparisonReport = { interactionsChecked: 0, errors: [], warnings: [], expectedWarnings: [] };
  for (const file of pactFiles) {
    const pact = await readPact(file);
    report.interactionsChecked += pact.interactions.filter(isHttp).length;
    for await (const result of comparator.compare(pact)) {
      const list =
        result.type === 'error' ? report.errors : isExpected(result) ? report.expectedWarnings : report.warnings;
      list.push(toFinding(file, result));
    }
  }
  return report;
}

export function formatFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.type} ${f.code} in "${f.interaction}" (${f.pactFile}) at ${f.location}: ${f.message}`)
    .join('\n');
}
