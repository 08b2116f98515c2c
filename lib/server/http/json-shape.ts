import 'server-only';

/** How deep a JSON body may nest: the deepest call input is 3 levels (`texts.en.title`). */
export const MAX_BODY_DEPTH = 32;
/** How many values (objects, arrays and items) a JSON body may hold: the largest call input has a few hundred. */
export const MAX_BODY_NODES = 10_000;

/** Why a body's shape was refused, for the caller to turn into its answer. */
export type ShapeRefusal = { reason: 'depth'; max: number } | { reason: 'nodes'; max: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Watches the bytes of a JSON body as they arrive and stops at the first chunk that nests deeper
 * than `maxDepth` or holds more than `maxNodes` containers and items, so neither JSON.parse nor a
 * walk of the parsed value ever sees a body built to be slow (docs/api.md, "Request limits"). One
 * pass over each byte, state kept between chunks: the structural characters are ASCII, which
 * never occurs inside a multi-byte UTF-8 sequence, so bytes need no decoding. It judges shape
 * only; JSON.parse still judges syntax (a stray `]` is its to refuse).
 */
export class JsonShapeGuard {
  #depth = 0;
  #nodes = 0;
  #inString = false;
  #escaped = false;

  constructor(
    readonly maxDepth = MAX_BODY_DEPTH,
    readonly maxNodes = MAX_BODY_NODES,
  ) {}

  /** Feeds one chunk; the refusal at the first byte over a cap, else null. */
  feed(chunk: Uint8Array): ShapeRefusal | null {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (b === BACKSLASH) this.#escaped = true;
        else if (b === QUOTE) this.#inString = false;
        continue;
      }
      if (b === QUOTE) this.#inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (++this.#depth > this.maxDepth) return { reason: 'depth', max: this.maxDepth };
        if (++this.#nodes > this.maxNodes) return { reason: 'nodes', max: this.maxNodes };
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        if (this.#depth > 0) this.#depth--;
      } else if (b === COMMA) {
        if (++this.#nodes > this.maxNodes) return { reason: 'nodes', max: this.maxNodes };
      }
    }
    return null;
  }
}
