// Plain Node CommonJS consumer: require() of both entries of the client against a running mock.
// Usage: node cjs.cjs <baseUrl> <apiKey>
const { createIntegrationClient, IntegrationError, isIntegrationError } = require('@portfolio-integration/client');
const nodeEntry = require('@portfolio-integration/client/node');

async function main() {
  const [baseUrl, apiKey] = process.argv.slice(2);
  const client = nodeEntry.createIntegrationClient({ baseUrl, apiKey });
  const pages = client.listProjects({ pageSize: 5 });
  const first = (await pages.next()).value;
  // The fund read of an unknown run is the documented Error100 (404).
  const missing = await createIntegrationClient({ baseUrl, apiKey })
    .getFundRunSummary('00000000-0000-4000-8000-000000000000')
    .catch((error) => error);
  console.log(
    JSON.stringify({
      firstPage: first.data.length,
      total: first.pagination.totalCount,
      missing: isIntegrationError(missing) ? missing.kind : String(missing),
      sameErrorClass: nodeEntry.IntegrationError === IntegrationError,
    }),
  );
}
main().catch((error) => {
  console.error(String(error));
  process.exitCode = 1;
});
