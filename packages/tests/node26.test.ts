// Node 26 (see consumer-suite.ts): the smallest read that proves the version works; one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';

consumerSuite('26.10.0', { full: false });
