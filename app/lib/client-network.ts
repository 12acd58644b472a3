// The network a client address stands for when we count people or guesses by address (ADR 029):
// an IPv4 address is one household or office; an IPv6 household gets a whole /64 and may take a
// new address in it at will, so its first 64 bits are the household.

const GROUP = /^[0-9a-f]{1,4}$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * An IPv4 address as it is (also mapped into IPv6, `::ffff:1.2.3.4`), an IPv6 address as its /64
 * in one spelling (`2001:db8:0:0::/64`), anything else unchanged.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && IPV4.test(mapped)) return mapped;
  if (!address.includes(":")) return address;
  const halves = address.split("%")[0]!.toLowerCase().split("::");
  if (halves.length > 2) return address;
  // A dotted IPv4 at the end (the last 32 bits) is two groups; only the first four are kept.
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((g) => (IPV4.test(g) ? ["0", "0"] : [g])) : [];
  const [head, tail] = [groups(halves[0]), groups(halves[1])];
  const gap = 8 - head.length - tail.length;
  if (halves.length === 2 ? gap < 1 : gap !== 0) return address;
  const all = [...head, ...Array<string>(halves.length === 2 ? gap : 0).fill("0"), ...tail];
  if (!all.every((g) => GROUP.test(g))) return address;
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
