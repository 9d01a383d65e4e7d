import { describe, expect, it } from 'vitest';
import { AllowedMethods } from '../../src/http/allowed-methods.ts';

describe('AllowedMethods', () => {
  it('answers the methods of the path template a path matches, HEAD beside GET, sorted', () => {
    const allowed = new AllowedMethods();
    allowed.add('/api/integration/webhook', 'put');
    allowed.add('/api/integration/webhook', 'GET');
    allowed.add('/api/integration/webhook', 'POST');
    allowed.add('/__mock/projects/{projectId}/status', 'POST');
    expect(allowed.for('/api/integration/webhook')).toEqual(['GET', 'HEAD', 'POST', 'PUT']);
    expect(allowed.for('/__mock/projects/p-1/status')).toEqual(['POST']);
  });

  it('knows no other path, nor a template segment spanning a slash or a literal read as a pattern', () => {
    const allowed = new AllowedMethods();
    allowed.add('/__mock/projects/{projectId}/status', 'POST');
    allowed.add('/a.b', 'GET');
    expect(allowed.for('/__mock/projects/p/1/status')).toEqual([]);
    expect(allowed.for('/__mock/projects//status')).toEqual([]);
    expect(allowed.for('/aXb')).toEqual([]);
    expect(allowed.for('/api/integration/webhook/')).toEqual([]);
  });
});
