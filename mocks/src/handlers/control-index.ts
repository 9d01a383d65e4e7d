// The index of the control API (GET /__mock), read from control-api.openapi.yaml itself: the
// document is the one list of control calls.
type Json = Record<string, unknown>;

export interface ControlCall {
  method: string;
  path: string;
  /** The operation's one-line summary. */
  does: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function controlCalls(doc: Json): ControlCall[] {
  return Object.entries((doc.paths as Json | undefined) ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Json)[m]).map((m) => {
      const summary = ((item as Json)[m] as Json).summary;
      if (typeof summary !== 'string') throw new Error(`${m.toUpperCase()} ${path} of the control API has no summary`);
      return { method: m.toUpperCase(), path, does: summary };
    }),
  );
}
