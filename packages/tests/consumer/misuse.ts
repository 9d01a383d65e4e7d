// Must NOT compile: shows that the consumer type check can fail.
import { createIntegrationClient } from '@portfolio-integration/client';

createIntegrationClient({ baseUrl: 'http://127.0.0.1:4010/api', apiKey: 42 });
