/** Demo shoppers who write the reviews (the first one is the fixed demo customer, who reviews only DEMO_CUSTOMER_REVIEWS). */
export type DemoCustomer = { key: string; name: string; email: string; picture: string };

export const CUSTOMERS: DemoCustomer[] = [
  { key: 'sam', name: 'Sam Shopper', email: 'customer@farmstall.example', picture: '1f9d1' },
  { key: 'nora', name: 'Nora Blake', email: 'nora.blake@mail.example', picture: '1f469' },
  { key: 'diego', name: 'Diego Ramos', email: 'diego.ramos@mail.example', picture: '1f468' },
  { key: 'hannah', name: 'Hannah Cho', email: 'hannah.cho@mail.example', picture: '1f467' },
  { key: 'omar', name: 'Omar Haddad', email: 'omar.haddad@mail.example', picture: '1f9d4' },
  { key: 'ruth', name: 'Ruth Lindqvist', email: 'ruth.lindqvist@mail.example', picture: '1f475' },
];

/** Review sentences by rating; they read naturally for any food. */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Absolutely delicious and so fresh. You can taste the difference from the supermarket.',
    'Arrived well packed and tasted wonderful. This is my new weekly order.',
    'Best I have had in years. My whole family asked where it came from.',
    'Fantastic quality for the price, and the shop even added a handwritten thank-you note.',
    'Exactly as described. Fresh, flavourful and delivered the next morning.',
    'I bought it for a dinner party and everyone loved it. Will definitely buy again.',
    'Great taste and you can tell it was made with care. Five stars without hesitation.',
  ],
  4: [
    'Really good quality. Delivery took a day longer than expected, but it was worth the wait.',
    'Very tasty and fresh. I would love a slightly bigger pack size.',
    'Lovely flavour and nicely packaged. A little pricey, but I will order it again.',
    'Good value and it kept well in the fridge for the whole week.',
    'My kids enjoyed it a lot. Just a touch less sweet than I expected.',
  ],
  3: [
    'Decent, but nothing special compared with what I usually buy.',
    'Tasted fine. Part of the order was a little bruised when it arrived.',
    'Okay for the price. I might try something else from this shop next time.',
  ],
  2: [
    'Not as fresh as I hoped; it needed to be used the same day.',
    'Packaging was damaged on arrival, although the shop replied quickly.',
  ],
  1: ['Disappointing this time. It had already started to spoil when it arrived.'],
};

/** Ratings cycle through this list, so most reviews are 4 or 5 and a few are low. */
export const RATING_CYCLE: (1 | 2 | 3 | 4 | 5)[] = [5, 4, 5, 3, 5, 4, 4, 5, 2, 5, 4, 3, 5, 4, 1, 5, 4, 5];

/**
 * The demo customer's own reviews: only of products delivered to them (see ORDERS), so signing in shows one as
 * "Your review" with Edit. Jersey Whole Milk, delivered too, is left for them to review.
 */
export const DEMO_CUSTOMER_REVIEWS: { product: string; rating: 1 | 2 | 3 | 4 | 5; text: string; daysAgo: number }[] = [
  {
    product: 'Honeycrisp Apples',
    rating: 5,
    text: 'Crisp, juicy and sweet. They kept beautifully in the fridge for two weeks.',
    daysAgo: 18,
  },
];
