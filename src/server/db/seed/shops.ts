/** The demo shops and their vendors. `key` is how products and orders refer to a shop. */
export type DemoShop = {
  key: string;
  ownerName: string;
  email: string;
  shopName: string;
  /** Fluent Emoji 3D code point used as the shop picture. */
  picture: string;
  shopAddress: string;
  shopPhone: string;
  shopEstablished: string;
  membership: 'normal' | 'premium';
  badge: string | null;
  /** The shop's story on its page: paragraphs separated by a blank line. */
  story?: string;
};

/** The fixed demo vendor: a normal member with 4 products, so a journey can add a fifth. */
export const DEMO_VENDOR_SHOP_KEY = 'greenValley';

export const SHOPS: DemoShop[] = [
  {
    key: DEMO_VENDOR_SHOP_KEY,
    ownerName: 'Maya Green',
    email: 'vendor@farmstall.example',
    shopName: 'Green Valley Farm',
    picture: '1f3e1',
    shopAddress: '418 Orchard Road, Hood River, OR 97031',
    shopPhone: '+1 541 555 0142',
    shopEstablished: '2016-04-12',
    membership: 'normal',
    badge: null,
    story:
      'We are Maya and Tomás Green, and since 2016 we have grown vegetables and kept hens on twelve acres above the Hood River, with the orchards of the valley below us.\n\nWe pick the day before we sell: salad leaves in the morning cool, tomatoes when they come off the vine with a tug. We use no synthetic sprays and rotate our beds with clover and rye.\n\nCome and see us at the Hood River Farmers Market on Saturdays, or pick up at the farm stand.',
  },
  {
    key: 'meadowCreek',
    ownerName: 'Clara Whitfield',
    email: 'clara@meadowcreekdairy.example',
    shopName: 'Meadow Creek Dairy',
    picture: '1f404',
    shopAddress: '72 Pasture Lane, Tillamook, OR 97141',
    shopPhone: '+1 503 555 0117',
    shopEstablished: '2009-06-01',
    membership: 'premium',
    badge: 'gold',
    story:
      'Our forty Jersey cows graze the coastal pastures of Tillamook nine months of the year, and we milk them twice a day in the same barn Clara’s grandparents built in 1948.\n\nWe bottle our milk gently pasteurized and unhomogenized, so the cream rises to the top, and make butter and yogurt from it in small batches every week.',
  },
  {
    key: 'sunriseOrchard',
    ownerName: 'Tomás Alvarez',
    email: 'tomas@sunriseorchard.example',
    shopName: 'Sunrise Orchard',
    picture: '1f33b',
    shopAddress: '1290 Fruit Loop Drive, Wenatchee, WA 98801',
    shopPhone: '+1 509 555 0186',
    shopEstablished: '2012-08-20',
    membership: 'premium',
    badge: 'gold',
    story:
      'Three generations of our family have tended these slopes outside Wenatchee. We grow apples, pears and cherries, picked by hand and sold within days.',
  },
  {
    key: 'willowBend',
    ownerName: 'Grace Okafor',
    email: 'grace@willowbendgarden.example',
    shopName: 'Willow Bend Market Garden',
    picture: '1f69c',
    shopAddress: '55 River Flats Road, Corvallis, OR 97330',
    shopPhone: '+1 541 555 0163',
    shopEstablished: '2014-03-15',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'hearthGrain',
    ownerName: 'Priya Nair',
    email: 'priya@hearthandgrain.example',
    shopName: 'Hearth & Grain Bakery',
    picture: '1f3ea',
    shopAddress: '301 Main Street, Astoria, OR 97103',
    shopPhone: '+1 503 555 0124',
    shopEstablished: '2011-10-05',
    membership: 'premium',
    badge: 'gold',
    story:
      'We bake every loaf by hand in a wood-fired oven, from flour milled in Oregon. Our sourdough rises for 36 hours.\n\nOrders close the afternoon before, so what you collect came out of the oven that morning.',
  },
  {
    key: 'oldMill',
    ownerName: 'Henrik Sørensen',
    email: 'henrik@oldmillgrains.example',
    shopName: 'Old Mill Grains',
    picture: '1f33e',
    shopAddress: '9 Millrace Way, Walla Walla, WA 99362',
    shopPhone: '+1 509 555 0139',
    shopEstablished: '2005-05-28',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'riverbend',
    ownerName: 'Owen Mercer',
    email: 'owen@riverbendbutchery.example',
    shopName: 'Riverbend Butchery & Fish',
    picture: '1f41f',
    shopAddress: '640 Harbor Avenue, Newport, OR 97365',
    shopPhone: '+1 541 555 0178',
    shopEstablished: '2010-01-18',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'sweetClover',
    ownerName: 'Amélie Laurent',
    email: 'amelie@sweetclover.example',
    shopName: 'Sweet Clover Confectionery',
    picture: '1f36d',
    shopAddress: '17 Lilac Court, Ashland, OR 97520',
    shopPhone: '+1 541 555 0191',
    shopEstablished: '2018-02-14',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'cornerSnack',
    ownerName: 'Lena Park',
    email: 'lena@cornersnackshack.example',
    shopName: 'The Corner Snack Shack',
    picture: '1f37f',
    shopAddress: '88 Alder Street, Eugene, OR 97401',
    shopPhone: '+1 541 555 0105',
    shopEstablished: '2019-07-09',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'harborKitchen',
    ownerName: 'Kenji Watanabe',
    email: 'kenji@harborstreetkitchen.example',
    shopName: 'Harbor Street Kitchen',
    picture: '1f35c',
    shopAddress: '215 Harbor Street, Port Townsend, WA 98368',
    shopPhone: '+1 360 555 0152',
    shopEstablished: '2015-11-02',
    membership: 'premium',
    badge: 'gold',
  },
  {
    key: 'brookFarm',
    ownerName: 'Rosa Delgado',
    email: 'rosa@brookfarmdrinks.example',
    shopName: 'Brook Farm Drinks',
    picture: '1f9c3',
    shopAddress: '403 Spring Creek Road, Bend, OR 97701',
    shopPhone: '+1 541 555 0127',
    shopEstablished: '2017-09-23',
    membership: 'premium',
    badge: 'gold',
  },
];
