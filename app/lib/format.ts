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
