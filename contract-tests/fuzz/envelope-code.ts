// The envelope's code of a body: top-level on errors, under `metadata` on successes.
type Json = Record<string, unknown>;

export function envelopeCode(body: unknown): unknown {
  const b = body as Json | null;
  return b?.code ?? (b?.metadata as Json | undefined)?.code;
}
