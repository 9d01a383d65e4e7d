// Renders docs/provider-states.md from the pacts' state declarations (http-states.ts), so the page
// lists exactly the states a verification will ask a service team's set-up call for.
import { httpPactStates, type ProviderStates } from '../../common/src/index.ts';

export const PROVIDER_STATES_DOC = new URL('../../docs/provider-states.md', import.meta.url);

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const list = (entries: Record<string, string> | undefined) =>
  entries
    ? Object.entries(entries)
        .map(([name, what]) => `\`${name}\`: ${what}`)
        .join('; ')
    : '';

export function renderProviderStatesDoc(states: ProviderStates = httpPactStates): string {
  const rows = Object.entries(states)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, s]) =>
        `| ${cell(name)} | ${cell(s.given)} | ${cell(list(s.params))} | ${cell(list(s.answers))} | ${s.holdsAnywhere ? 'yes' : 'no'} |`,
    );
  return `<!-- Written by \`npm run docs:provider-states\` from common/src/provider-states/; do not edit by hand. -->
# Provider states: what a service team's test deployment must make true

The consumer's pacts name a provider state for each interaction. To verify them against your own
deployment, serve the provider-state set-up call described below on your test deployment (never in
production) and give its URL to the verification, which the \`@portfolio-integration/conformance\`
package runs:

\`\`\`sh
npx portfolio-conformance pact-verify --base-url https://test.example/api --api-key ... --access-token ... \\
  --provider-states-setup-url https://test.example/pact/provider-states --strict
\`\`\`

Before each interaction the Pact verifier posts \`{ "state": "<name>", "params": { ... }, "action": "setup" }\`
there. Make the state below true for **the caller** (the user of \`--api-key\` and
\`--access-token\`) and answer \`200\` with a JSON object holding the values listed under
"answer" (\`{}\` when none); the verifier puts them into the request where the pact reads them from
the state (ids your deployment generates). Answer \`400\` when you cannot. Start each state from a
known baseline: states do not build on each other. Without the set-up call only the states that
hold anywhere are verified, every other interaction is reported as not verifiable, and \`--strict\`
(or \`CI=true\`) fails the run on them.

The stateful mock (\`npx portfolio-mock\`) implements the call as \`POST /__mock/provider-states\`:
the same command with \`--base-url http://127.0.0.1:4010/api\` and that URL shows the whole
verification passing before your deployment serves it.

| state | what must be true | params | answer | holds anywhere |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}
