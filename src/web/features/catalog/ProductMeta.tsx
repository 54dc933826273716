import { categoryLabel } from '#contract/categories.ts';
import type { Product } from '#contract/products.ts';
import { paths } from '../../paths.ts';
import { PageMeta, useAbsoluteUrl } from '../../ui/PageMeta.tsx';
import { cheapestOption, optionPaid, optionPriceText, optionsOf } from '../../ui/product-options.ts';
import { offerPriceText, optionPriceSpecification, pricePaid, unitPriceSpecification } from './product-offer.ts';

type Summary = { averageRating: number; reviewCount: number } | undefined;

const inStock = (available: number) => `https://schema.org/${available > 0 ? 'InStock' : 'OutOfStock'}`;

/**
 * The product page's title (name, shop, price with what it is for: "$10.88 per kg" for goods sold by weight; "from"
 * the cheapest size's when it has several), description, canonical link and schema.org Product: one Offer (its price
 * per unit in priceSpecification), or for several sizes (decision 052) an AggregateOffer holding an Offer a size,
 * each with its SKU, GTIN when it has one, price and price per unit.
 */
export function ProductMeta({ product: p, summary }: { product: Product; summary: Summary }) {
  const absoluteUrl = useAbsoluteUrl();
  const options = optionsOf(p);
  const low = cheapestOption(p);
  const price =
    options.length > 1 ? `from ${optionPriceText(low, optionPaid(low), p.pieceName ?? null)}` : offerPriceText(p);
  const path = paths.productDetails(p._id);
  const url = absoluteUrl(path);
  const seller = { '@type': 'Organization', name: p.shopName, url: absoluteUrl(paths.shopDetails(p.shopId)) };
  const codes = (o: (typeof options)[number]) => ({
    ...(o.sku ? { sku: o.sku } : {}),
    ...(o.gtin ? { gtin: o.gtin } : {}),
  });
  const offers =
    options.length > 1
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: 'USD',
          lowPrice: Math.min(...options.map(optionPaid)).toFixed(2),
          highPrice: Math.max(...options.map(optionPaid)).toFixed(2),
          offerCount: options.length,
          offers: options.map((o) => ({
            '@type': 'Offer',
            name: o.label,
            ...codes(o),
            price: optionPaid(o).toFixed(2),
            priceCurrency: 'USD',
            priceSpecification: optionPriceSpecification(o),
            availability: inStock(o.available),
            url,
            seller,
          })),
        }
      : {
          '@type': 'Offer',
          ...codes(options[0]),
          price: pricePaid(p).toFixed(2),
          priceCurrency: 'USD',
          priceSpecification: unitPriceSpecification(p),
          availability: inStock(p.productQuantity.value),
          url,
          seller,
        };
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.productName,
    description: p.productDetails,
    image: absoluteUrl(p.productImage),
    category: categoryLabel(p.productCategory),
    brand: { '@type': 'Brand', name: p.shopName },
    offers,
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
