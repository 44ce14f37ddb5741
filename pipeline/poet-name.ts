const SUFFIXES = new Set(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]);

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * The key poets are sorted and letter-filtered by: "last name, first names" folded to plain lower case, so
 * 'A. E. Housman' sorts under H and 'Omar Khayyám' under K. Suffixes such as Jr. stay after the first names.
 */
export function sortNameOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const suffixes: string[] = [];
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1].toLowerCase().replace(/,$/, ""))) {
    suffixes.unshift(words.pop()!.replace(/,$/, ""));
  }
  if (words.length === 1) return fold([words[0], ...suffixes].join(" "));
  const last = words.pop()!;
  return fold(`${last}, ${[...words, ...suffixes].join(" ")}`);
}
