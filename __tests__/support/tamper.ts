// A signature with one character changed. The first character is the one changed: replacing
// the tail with fixed text ("AA", "xx") left the real signature in place once in 4096 runs.
export function tamper(signature: string): string {
  return `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}
