// `portfolio-conformance <command> [options]` (the conformance package's bin, and
// `npm run conformance -- ...`): one table of subcommands, each a module exporting
// `main(argv): Promise<number>` that prints its own errors and returns the exit code.
interface Command {
  summary: string;
  load(): Promise<{ main(argv: string[]): Promise<number> }>;
}

export const COMMANDS: Record<string, Command> = {
  verify: {
    summary: 'the live conformance suite against --base-url (the default command)',
    load: () => import('./live/cli.ts'),
  },
  'pact-verify': {
    summary: 'Pact provider verification of the bundled pact against --base-url',
    load: () => import('./pact/cli.ts'),
  },
  diff: {
    summary: 'what a contract change breaks, for whom, with a counterexample (--base <ref or file>)',
    load: () => import('./diff/cli.ts'),
  },
  receiver: {
    summary: "whether the service's webhook deliveries land on your receiver (--url <endpoint>)",
    load: () => import('./receiver/cli.ts'),
  },
  parity: {
    summary: 'what --base-url does where the specification is silent, beside the mock (a profile for portfolio-mock)',
    load: () => import('./parity/cli.ts'),
  },
  broker: {
    summary: 'the Pact Broker flow: publish, verify, can-i-deploy, record-deployment, publish-provider-contract',
    load: () => import('./broker/cli.ts'),
  },
};

const DEFAULT_COMMAND = 'verify';

export const CONFORMANCE_USAGE = `Usage: portfolio-conformance [command] [options]   (command --help for its options)

${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(14)}${command.summary}`)
  .join('\n')}

Without a command, ${DEFAULT_COMMAND} runs.`;

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'help' || first === '--help' || first === '-h') {
    console.log(CONFORMANCE_USAGE);
    return 0;
  }
  if (first === undefined || first.startsWith('-')) return (await COMMANDS[DEFAULT_COMMAND]!.load()).main(argv);
  const command = COMMANDS[first];
  if (!command) {
    console.error(`portfolio-conformance: unknown command "${first}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    return 2;
  }
  return (await command.load()).main(rest);
}
