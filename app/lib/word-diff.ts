// What changed in a long text, word by word (issue 41: the import preview cut both sides at the
// same point, so a change further in never showed). The common words before and after the change
// are kept as a little context; the rest of them is left out with an ellipsis.

export type WordDiff = { before: string; removed: string; added: string; after: string };

const CONTEXT_WORDS = 6;

/** The words `from` and `to` differ in, with up to six common words each side. */
export function wordDiff(from: string, to: string): WordDiff {
  const a = from.split(/(\s+)/);
  const b = to.split(/(\s+)/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  // Tokens alternate word, space: six words of context are twelve tokens.
  const keep = CONTEXT_WORDS * 2;
  const before = a.slice(Math.max(0, head - keep), head).join("");
  const after = a.slice(a.length - tail, a.length - tail + keep).join("");
  return {
    before: `${head > keep ? "…" : ""}${before}`,
    removed: a.slice(head, a.length - tail).join(""),
    added: b.slice(head, b.length - tail).join(""),
    after: `${after}${tail > keep ? "…" : ""}`,
  };
}
