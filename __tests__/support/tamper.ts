// A signature with one character changed, always to a different one. Replacing the tail with
// fixed text ("AA", "xx") kept the real signature whenever it already ended so (1 in 4096 runs).
export function tamper(signature: string): string {
  return `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}
