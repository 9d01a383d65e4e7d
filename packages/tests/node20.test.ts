// The consumer paths on Node 20 (see consumer-suite.ts); one file per version, so vitest runs them side by side.
import { consumerSuite } from './consumer-suite.ts';

consumerSuite('20.20.2', { typescript: ['node16'] });
