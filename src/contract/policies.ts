/**
 * Farmstall's one returns policy, as the order code keeps it: nothing is taken back once delivered (fresh food),
 * and a shop that cancels items refunds what was paid for them (PATCH /vendor/orders/:orderId). About shows it
 * in full, the home page's value card in short with a link there, and every invoice prints `text`.
 */
export const RETURNS_POLICY = {
  title: 'Refunds on cancelled items',
  short: 'Refunded when a shop cancels',
  text: 'Fresh food cannot be returned once it is delivered. If a shop cancels items of your order, what you paid for them goes back to your card.',
} as const;

/** Where About shows the policy (its section id). */
export const RETURNS_POLICY_ANCHOR = 'returns';
