// `--report out/live` writes out/live.json and out/live.xml (folders created as needed).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { toJUnitXml } from './report-junit.ts';
import type { LiveReport } from './report-types.ts';

export async function writeReportFiles(report: LiveReport, basePath: string): Promise<{ json: string; xml: string }> {
  const base = resolve(basePath.replace(/\.(json|xml)$/, ''));
  await mkdir(dirname(base), { recursive: true });
  const files = { json: `${base}.json`, xml: `${base}.xml` };
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.xml, toJUnitXml(report));
  return files;
}
