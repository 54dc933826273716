import { categoryLabel } from '#contract/categories.ts';
import type { Product } from '#contract/products.ts';
import { paths } from '../../paths.ts';
import { PageMeta, useAbsoluteUrl } from '../../ui/PageMeta.tsx';
import { offerPriceText, pricePaid, unitPriceSpecification } from './product-offer.ts';

type Summary = { averageRating: number; reviewCount: number } | undefined;

/**
 * The product page's title (name, shop, price with what it is for: "$10.88 per kg" for goods sold by weight),
 * description, canonical link and schema.org Product (its offer's price per unit in priceSpecification).
 */
export function ProductMeta({ product: p, summary }: { product: Product; summary: Summary }) {
  const absoluteUrl = useAbsoluteUrl();
  const price = offerPriceText(p);
  const path = paths.productDetails(p._id);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.productName,
    description: p.productDetails,
    image: absoluteUrl(p.productImage),
    category: categoryLabel(p.productCategory),
    brand: { '@type': 'Brand', name: p.shopName },
    offers: {
      '@type': 'Offer',
      price: pricePaid(p).toFixed(2),
      priceCurrency: 'USD',
      priceSpecification: unitPriceSpecification(p),
      availability: `https://schema.org/${p.productQuantity.value > 0 ? 'InStock' : 'OutOfStock'}`,
      url: absoluteUrl(path),
      seller: { '@type': 'Organization', name: p.shopName, url: absoluteUrl(paths.shopDetails(p.shopId)) },
    },
    ...(summary && summary.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: summary.averageRating,
            reviewCount: summary.reviewCount,
          },
        }
      : {}),
  };
  return (
    <>
      <PageMeta
        title={`${p.productName} from ${p.shopName}, ${price}`}
        description={`${p.productName} (${categoryLabel(p.productCategory)}) from ${p.shopName}: ${price}. ${p.productDetails}`.slice(
          0,
          300,
        )}
        canonical={path}
      />
      {/* JSON in a script element: "<" escaped so the text can never close the element. */}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not markup
        dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
      />
    </>
  );
}
