// The response header that marks a behaviour the specification leaves open.
export const GAP_HEADER = 'X-Mock-Gap';
