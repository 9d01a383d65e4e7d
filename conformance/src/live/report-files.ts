// `--report DIR` writes DIR/conformance.json and DIR/conformance.xml (JUnit), folders created as needed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { toJUnitXml } from './report-junit.ts';
import type { ConformanceReport } from './report-types.ts';

export async function writeReportFiles(report: ConformanceReport, dir: string): Promise<{ json: string; xml: string }> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const files = { json: join(folder, 'conformance.json'), xml: join(folder, 'conformance.xml') };
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.xml, toJUnitXml(report));
  return files;
}
