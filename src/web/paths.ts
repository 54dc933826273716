import { categoryPath } from '#contract/categories.ts';

/** Where a category's page shows its products on deal. */
export const CATEGORY_DEALS_ANCHOR = 'deals';

/** Every route of the web app, named once. */
export const paths = {
  home: '/',
  shopList: '/shopList',
  member: '/member',
  contact: '/contact',
  about: '/about',
  login: '/login',
  signUp: '/signUp',
  search: '/search',
  productDetails: (id: string) => `/productDetails/${id}`,
  shopDetails: (id: string) => `/shopDetails/${id}`,
  category: (value: string) => `/category/${value}`,
  categoryDeals: (value: string) => `${categoryPath(value)}#${CATEGORY_DEALS_ANCHOR}`,
  dashboard: {
    userHome: '/dashboard/userHome',
    userCart: '/dashboard/userCart',
    userPayment: '/dashboard/userPayment',
    userPaymentHistory: '/dashboard/userPaymentHistory',
    invoice: (id: string) => `/dashboard/invoice/${id}`,
    vendorHome: '/dashboard/vendorHome',
    addProduct: '/dashboard/addProduct',
    vendorProduct: '/dashboard/vendorProduct',
    vendorOrder: '/dashboard/vendorOrder',
    vendorRevenue: '/dashboard/vendorRevenue',
    fulfilment: '/dashboard/fulfilment',
    payouts: '/dashboard/payouts',
    payment: '/dashboard/payment',
    review: (productId: string) => `/dashboard/review/${productId}`,
    adminHome: '/dashboard/adminHome',
    reportedReviews: '/dashboard/reportedReviews',
    coupons: '/dashboard/coupons',
    commission: '/dashboard/commission',
    shopPayouts: '/dashboard/shopPayouts',
    tax: '/dashboard/tax',
    allCustomer: '/dashboard/allCustomer',
    allVendor: '/dashboard/allVendor',
    allAdmin: '/dashboard/allAdmin',
    notifications: '/dashboard/notifications',
    outbox: '/dashboard/outbox',
    favourites: '/dashboard/favourites',
  },
} as const;
