// `npx tsx scripts/team-mock-balancer.ts <port> <node origin>...`: a round-robin TCP balancer on
// 127.0.0.1:<port> in front of mock nodes, for docs/team-mock/run-three-nodes.sh (where no nginx or
// haproxy is at hand). Each connection goes to the next node; any node answers any session.
import { startBalancer } from '../bench/tcp-balancer.ts';

const [port, ...nodes] = process.argv.slice(2);
if (!port || !/^\d+$/.test(port) || nodes.length === 0) {
  console.error('usage: team-mock-balancer.ts <port> <node origin>...');
  process.exit(2);
}
const balancer = await startBalancer(nodes, Number(port));
console.log(`Balancer: ${balancer.origin} -> ${nodes.join(', ')}`);
process.once('SIGTERM', () => void balancer.close().then(() => process.exit(0)));
process.once('SIGINT', () => void balancer.close().then(() => process.exit(0)));
