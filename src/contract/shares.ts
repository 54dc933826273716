/**
 * What the buyer actually paid for each line of an order: the charge split in proportion to the line totals
 * (a coupon discounts every line alike), rounded down to the cent, with the cents left over going to the
 * largest remainders (ties to the earlier line). The shares always add up to the charge exactly, so refunding
 * any set of lines never gives back more than was charged, and refunding every line gives back all of it.
 * Depends only on the order's stored lines, so each line's share is the same whenever it is asked.
 */
export function paidShares(lineTotalsCents: number[], chargedCents: number): number[] {
  const subtotal = lineTotalsCents.reduce((sum, total) => sum + BigInt(total), 0n);
  if (subtotal === 0n) return lineTotalsCents.map(() => 0);
  const charged = BigInt(chargedCents);
  const exact = lineTotalsCents.map((total) => BigInt(total) * charged);
  const shares = exact.map((value) => value / subtotal);
  let left = Number(charged - shares.reduce((sum, share) => sum + share, 0n));
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % subtotal }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] += 1n;
    left -= 1;
  }
  return shares.map(Number);
}
