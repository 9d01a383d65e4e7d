// The consumer paths on Node 24 (see consumer-suite.ts); one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';

consumerSuite('24.21.0', { typescript: ['bundler'] });
