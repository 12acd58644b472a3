// Numbers as every page, mail and import writes them (issue 22).

const currency = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
export const formatCurrency = (n: number) => currency.format(n);

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
/** A number as every page and mail writes it (issue 22): '5,000'. Prices: formatCurrency. */
export const formatNumber = (n: number) => whole.format(n);
/** A count and its noun: '1 venue', '5,000 venues'. */
export const countLabel = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * At most `max` characters with the '...' (issue 41: search results show 160), cut at a word's end
 * (issue 27) without a dangling comma or dash; a single longer word is cut.
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 2);
  const end = head.lastIndexOf(" ");
  return `${(end > 0 ? head.slice(0, end) : head.slice(0, max - 3)).replace(/[\s,;:–—-]+$/, "")}...`;
}
