// The conformance product's face, and the only way into conformance/src/ from outside it: the
// `portfolio-conformance` command line (verify, pact-verify, diff, broker) as a function.
export { CONFORMANCE_USAGE, main } from './cli.ts';
