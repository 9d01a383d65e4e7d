// Every consumer path, on Node 24 (see consumer-suite.ts); one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';

consumerSuite(NODE_VERSIONS[1], { full: true });
