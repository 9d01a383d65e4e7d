// `portfolio-conformance diff` (and `npm run contract:diff` here): compare two versions of the contract.
// Exit 0: nothing breaking; 1: something breaks; 2: usage error (one line on stderr, named `diff:` as
// the conformance package's other commands name themselves).
import { parseArgs } from 'node:util';
import { diffContracts } from './diff-contracts.ts';
import { contractDocument } from '../../../openapi/index.ts';
import { loadContract, UsageError } from './load-contract.ts';
import type { Json } from './types.ts';
import { formatJson, formatMarkdown, formatText } from './report-format.ts';

export const USAGE =
  'usage: diff --base <git ref or file> [--head <file> (default: the contract this package was built with)] [--format text|json|markdown] [--pacts <dir> (default ./pacts if present)]';

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        format: { type: 'string' },
        pacts: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`diff: ${(e as Error).message.split('\n')[0]}. ${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const format = values.format ?? 'text';
  if (!values.base || !['text', 'json', 'markdown'].includes(format)) {
    console.error(`diff: ${values.base ? `unknown format ${format}` : '--base is required'}. ${USAGE}`);
    return 2;
  }
  try {
    const base = loadContract(values.base, cwd);
    const head = values.head
      ? loadContract(values.head, cwd)
      : { label: `the bundled contract ${contractDocument.info.version}`, doc: contractDocument as unknown as Json };
    const report = await diffContracts(base, head, values.pacts ?? `${cwd}/pacts`);
    process.stdout.write(
      format === 'json' ? formatJson(report) : format === 'markdown' ? formatMarkdown(report) : formatText(report),
    );
    return report.findings.some((f) => f.severity === 'breaking') ? 1 : 0;
  } catch (e) {
    console.error(`diff: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}
