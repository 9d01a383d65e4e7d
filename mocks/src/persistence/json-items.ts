// A JSON object read as its text arrives, one value at a time: each property's value, and each
// item of the properties named as streamed (an export's `records` and `files`), is cut out of the
// text by its brackets and quotes and parsed by JSON.parse on its own, so the whole text is never
// held, and each value is built by the engine's own parser (its strings flat, its objects as
// compact as a whole parse makes them). A generic tokenizer (stream-json, tried first) builds values
// token by token in JavaScript, and its strings are slices of the chunks they came in, which keeps
// the chunks alive: it cost more CPU and memory, not less (docs/decisions/2026-11-import-export-streamed.md).

/** Text that is not one JSON object, or stops before it ends. */
export class MalformedJson extends Error {}

export interface JsonItemsHandler {
  /** A property's value (not one of the streamed arrays). */
  value(key: string, value: unknown): void;
  /** A streamed property's array begins (its items follow). */
  array(key: string): void;
  /** An item of a streamed property's array, in order. */
  item(key: string, value: unknown): void;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const SCALAR_END = /[\s,\]}]/g;
const STRING_STOP = /["\\]/g;
const CONTAINER_STOP = /["{}[\]]/g;

type Phase =
  | 'begin'
  | 'first-key'
  | 'key'
  | 'colon'
  | 'value'
  | 'after-value'
  | 'first-item'
  | 'item'
  | 'after-item'
  | 'done';

/**
 * Feeds a JSON object's text in pieces (`write`), then `end`; calls the handler as each value is
 * whole. Throws MalformedJson (from `write` or `end`) at the first thing that is not JSON.
 */
export class JsonItems {
  private phase: Phase = 'begin';
  private key = '';
  /** The value being cut out: its text so far, and how far its scan has got. */
  private parts: string[] = [];
  private capturing: 'key' | 'value' | 'item' | undefined;
  private kind: 'string' | 'container' | 'scalar' = 'scalar';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private read = 0;

  private readonly streamed: ReadonlySet<string>;
  private readonly handler: JsonItemsHandler;

  constructor(streamed: ReadonlySet<string>, handler: JsonItemsHandler) {
    this.streamed = streamed;
    this.handler = handler;
  }

  write(text: string): void {
    let at = 0;
    while (at < text.length) {
      if (this.capturing) {
        at = this.scan(text, at);
        continue;
      }
      const c = text[at]!;
      if (WHITESPACE.has(c)) {
        at += 1;
        continue;
      }
      switch (this.phase) {
        case 'begin':
          this.expect(c === '{', c, 'the document to start with {');
          this.phase = 'first-key';
          at += 1;
          break;
        case 'first-key':
        case 'key':
          if (c === '}' && this.phase === 'first-key') {
            this.phase = 'done';
            at += 1;
            break;
          }
          this.expect(c === '"', c, 'a property name');
          at = this.start('key', text, at);
          break;
        case 'colon':
          this.expect(c === ':', c, ':');
          this.phase = 'value';
          at += 1;
          break;
        case 'value':
          if (c === '[' && this.streamed.has(this.key)) {
            this.handler.array(this.key);
            this.phase = 'first-item';
            at += 1;
          } else at = this.start('value', text, at);
          break;
        case 'after-value':
          this.expect(c === ',' || c === '}', c, ', or }');
          this.phase = c === ',' ? 'key' : 'done';
          at += 1;
          break;
        case 'first-item':
        case 'item':
          if (c === ']' && this.phase === 'first-item') {
            this.phase = 'after-value';
            at += 1;
            break;
          }
          at = this.start('item', text, at);
          break;
        case 'after-item':
          this.expect(c === ',' || c === ']', c, ', or ]');
          this.phase = c === ',' ? 'item' : 'after-value';
          at += 1;
          break;
        case 'done':
          this.expect(false, c, 'nothing after the document');
      }
    }
    if (this.capturing && this.read < text.length) this.parts.push(text.slice(this.read));
    this.read = 0;
  }

  /** The text is all there: throws unless it held one whole object. */
  end(): void {
    if (this.capturing === 'value' && this.kind === 'scalar') this.finish('');
    if (this.phase !== 'done' || this.capturing) throw new MalformedJson('the body ends before its document does');
  }

  private expect(ok: boolean, found: string, wanted: string): void {
    if (!ok) throw new MalformedJson(`expected ${wanted}, found ${JSON.stringify(found)}`);
  }

  /** Starts cutting out a value at `at`; answers where the scan goes on. */
  private start(what: 'key' | 'value' | 'item', text: string, at: number): number {
    const c = text[at]!;
    this.capturing = what;
    this.parts = [];
    this.read = at;
    this.kind = c === '"' ? 'string' : c === '{' || c === '[' ? 'container' : 'scalar';
    this.depth = this.kind === 'container' ? 1 : 0;
    this.inString = this.kind === 'string';
    this.escaped = false;
    return this.kind === 'scalar' ? at : at + 1;
  }

  /** Scans the value being cut out from `at`; answers where the scan goes on. */
  private scan(text: string, at: number): number {
    if (this.kind === 'scalar') {
      SCALAR_END.lastIndex = at;
      const stop = SCALAR_END.exec(text);
      if (!stop) return text.length;
      return this.finish(text, stop.index);
    }
    let from = at;
    while (from < text.length) {
      if (this.escaped) {
        this.escaped = false;
        from += 1;
        continue;
      }
      const pattern = this.inString ? STRING_STOP : CONTAINER_STOP;
      pattern.lastIndex = from;
      const stop = pattern.exec(text);
      if (!stop) return text.length;
      const c = stop[0];
      from = stop.index + 1;
      if (this.inString) {
        if (c === '\\') this.escaped = true;
        else {
          this.inString = false;
          if (this.kind === 'string') return this.finish(text, from);
        }
      } else if (c === '"') this.inString = true;
      else if (c === '{' || c === '[') this.depth += 1;
      else if ((this.depth -= 1) === 0) return this.finish(text, from);
    }
    return from;
  }

  /** The value cut out ends before `end` of `text`: parsed and handed over. */
  private finish(text: string, end = text.length): number {
    this.parts.push(text.slice(this.read, end));
    const whole = this.parts.join('');
    this.parts = [];
    const what = this.capturing!;
    this.capturing = undefined;
    this.read = end;
    let value: unknown;
    try {
      value = JSON.parse(whole);
    } catch (error) {
      throw new MalformedJson(error instanceof Error ? error.message : String(error));
    }
    if (what === 'key') {
      this.key = value as string;
      this.phase = 'colon';
    } else if (what === 'value') {
      this.handler.value(this.key, value);
      this.phase = 'after-value';
    } else {
      this.handler.item(this.key, value);
      this.phase = 'after-item';
    }
    return end;
  }
}
