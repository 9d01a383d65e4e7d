// The consumer paths on Node 22 (see consumer-suite.ts); one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';

consumerSuite('22.23.3', { once: false, readOnlyRun: true });
