// The methods each path of the served contracts takes, so that a request with another method on a
// known path is answered 405 with `Allow` (RFC 9110 §15.5.6) instead of 404, which would tell the
// caller the path does not exist.
export class AllowedMethods {
  private readonly paths: { pattern: RegExp; methods: Set<string> }[] = [];

  /** Registers a method of a path template as the document writes it (`/api/integration/project`, `{param}` segments). */
  add(pathTemplate: string, method: string): void {
    const source = `^${pathTemplate
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`;
    let entry = this.paths.find((p) => p.pattern.source === source);
    if (!entry) {
      entry = { pattern: new RegExp(source), methods: new Set() };
      this.paths.push(entry);
    }
    entry.methods.add(method.toUpperCase());
  }

  /** The methods the path takes, HEAD wherever GET is (the mock answers it), sorted; empty for an unknown path. */
  for(path: string): string[] {
    const methods = new Set(this.paths.filter((p) => p.pattern.test(path)).flatMap((p) => [...p.methods]));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
