// npm run bench (issue 7): bare node:http vs the stateful mock vs Prism's static mock on the same
// requests, validator throughput, search at scale and start-up, repeated and reduced to medians.
// Progress goes to stderr; the Markdown table to stdout, bench/results.json and bench/README.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePrismDocument } from '../mocks/prism/prism-document.ts';
import { measureServer, prepareScenarios, type MockLauncher } from '../bench/comparison.ts';
import { benchConfig } from '../bench/config.ts';
import { buildMockBundle, type MockBundle } from '../contract-tests/support/mock-bundle.ts';
import { updateReadme } from '../bench/readme-table.ts';
import { writeRecording } from '../bench/recording.ts';
import type { Repetition, ServerId } from '../bench/results.ts';
import type { RunningServer } from '../bench/server-process.ts';
import { measureScale } from '../bench/scale.ts';
import { LIST_SCENARIOS, SCENARIOS } from '../bench/scenarios.ts';
import { stopAllServers } from '../bench/server-process.ts';
import { measureTeamMock, teamMockMarkdown, type TeamMockRun } from '../bench/team-mock.ts';
import {
  MOCK_VIA_TSX,
  SERVER_LABELS,
  startMockServer,
  startMockViaTsx,
  startPrism,
  startReplay,
} from '../bench/servers.ts';
import { summarize, type RunPlan } from '../bench/summarize.ts';
import { renderMarkdown } from '../bench/table.ts';
import { evaluateTargets } from '../bench/targets.ts';
import { measureValidator, VALIDATOR_CASES } from '../bench/validator-throughput.ts';

/** Projects in the mock for the side-by-side runs: enough for a full page of 100. */
const COMPARISON_PROJECTS = 1_000;
const benchDir = new URL('../bench/', import.meta.url);
const log = (line: string) => process.stderr.write(`${line}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAllServers().finally(() => process.exit(130)));
}

async function main(): Promise<number> {
  const config = benchConfig();
  const options = { durationSeconds: config.durationSeconds, connections: config.connections };
  const began = Date.now();
  const loadBefore = loadavg();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const prismDocument = await writePrismDocument();
  let bundle: MockBundle | undefined;
  try {
    bundle = await buildMockBundle();
    const bundlePath = bundle.path;
    const launchMock: MockLauncher = (projects) => startMockServer(bundlePath, projects);
    // Search at scale is measured without kept answers: what a search costs, not what a repeat does.
    const launchUncached: MockLauncher = (projects) => startMockServer(bundlePath, projects, false);
    log(
      `preparing ${SCENARIOS.length} requests on the mock (${COMPARISON_PROJECTS} projects) and recording its answers`,
    );
    const { prepared, recording } = await prepareScenarios(launchMock, SCENARIOS, COMPARISON_PROJECTS);
    const recordingFile = join(workDir, 'recording.json');
    writeRecording(recordingFile, recording);

    // stateful: the server is the mock, so it is reset and the request prepared again before each run.
    const starters: Record<ServerId, { start: () => Promise<RunningServer>; stateful: boolean }> = {
      bare: { start: () => startReplay('bare', recordingFile), stateful: false },
      floor: { start: () => startReplay('floor', recordingFile), stateful: false },
      mock: { start: () => launchMock(COMPARISON_PROJECTS), stateful: true },
      uncached: { start: () => launchUncached(COMPARISON_PROJECTS), stateful: true },
      prism: { start: () => startPrism(prismDocument.path), stateful: false },
    };
    // The Fastify floor and the mock without its response cache (every read built and serialized
    // again, as when the state changes between reads) explain the company list's figures; the other
    // requests would only lengthen the run.
    const all = prepared.map((p) => p.scenario.id);
    const plan: RunPlan = [
      { server: 'bare', scenarios: all },
      { server: 'floor', scenarios: LIST_SCENARIOS },
      { server: 'mock', scenarios: all },
      { server: 'uncached', scenarios: LIST_SCENARIOS },
      { server: 'prism', scenarios: all },
    ];
    const repetitions: Repetition[] = [];
    const teamMock: TeamMockRun[] = [];
    for (let rep = 1; rep <= config.repetitions; rep++) {
      log(`repetition ${rep}/${config.repetitions}`);
      const servers = [];
      for (const { server: id, scenarios } of plan) {
        const { start, stateful } = starters[id];
        const server = await start();
        log(`  ${server.name} answered after ${Math.round(server.startupMs)} ms`);
        const runs = prepared.filter((p) => scenarios.includes(p.scenario.id));
        servers.push(
          await measureServer(
            id,
            server,
            runs,
            { ...options, projects: COMPARISON_PROJECTS, warmupSeconds: config.warmupSeconds, stateful },
            log,
          ),
        );
      }
      const viaTsx = await startMockViaTsx(COMPARISON_PROJECTS);
      await viaTsx.stop();
      log(`  ${viaTsx.name} answered after ${Math.round(viaTsx.startupMs)} ms`);
      const scale = [];
      for (const projects of config.scaleSizes) scale.push(await measureScale(launchUncached, projects, options, log));
      const validators = VALIDATOR_CASES.map((c) => measureValidator(c, config.validatorSeconds));
      log(`  validators: ${validators.map((v) => `${v.label} ${Math.round(v.compiledPerSecond)}/s`).join(', ')}`);
      repetitions.push({ servers, mockViaTsxStartupMs: viaTsx.startupMs, scale, validators });
      teamMock.push(await measureTeamMock(bundlePath, { ...options, warmupSeconds: config.warmupSeconds }, log));
    }

    const summary = summarize(repetitions, plan);
    const targets = evaluateTargets(summary, LIST_SCENARIOS);
    const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, load average ${loadBefore[0]!.toFixed(2)} at start`;
    const markdown = `${renderMarkdown(summary, targets, {
      scenarioLabels: Object.fromEntries(SCENARIOS.map((s) => [s.id, s.label])),
      serverLabels: SERVER_LABELS,
      mockViaTsxLabel: MOCK_VIA_TSX,
      loadNotes: [
        'bare and the Fastify floor replay the answers recorded from the mock (bare: the bytes; floor: the objects, serialized by Fastify per request, company list only); Prism answers with the contract examples, a one-project list whatever the page size. n/a: not run.',
      ],
      ...config,
      machine,
    })}\n${teamMockMarkdown(teamMock)}`;
    const results = {
      generatedAt: new Date().toISOString(),
      wallSeconds: (Date.now() - began) / 1000,
      machine: {
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim(),
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadavg(),
      },
      config,
      requests: prepared.map(({ scenario, request }) => ({
        id: scenario.id,
        label: scenario.label,
        method: request.method,
        path: request.path,
        body: request.body,
      })),
      summary,
      targets,
      repetitions,
      teamMock,
    };
    writeFileSync(new URL('results.json', benchDir), `${JSON.stringify(results, null, 2)}\n`);
    updateReadme(new URL('README.md', benchDir).pathname, markdown);
    process.stdout.write(markdown);
    log(`done in ${Math.round(results.wallSeconds)} s; bench/results.json and bench/README.md updated`);
    const failed = summary.load.some((l) => l.failures > 0) || summary.scale.some((s) => s.failures > 0);
    if (failed) log('some requests failed (non-2xx, errors or timeouts): these numbers are not trustworthy');
    return failed ? 1 : 0;
  } finally {
    await stopAllServers();
    await prismDocument.remove();
    await bundle?.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
