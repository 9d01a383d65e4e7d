// The consumer paths on Node 26 (see consumer-suite.ts); one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';

consumerSuite('26.10.0', { once: false, readOnlyRun: false });
