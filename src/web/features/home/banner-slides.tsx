import cart from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import leafyGreens from '@lobehub/fluent-emoji-3d/assets/1f96c.webp';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

export const SLIDES = [
  {
    title: 'Fresh Vegetables Big Discount',
    text: 'Vegetables from farms near you on deal now, each with its old price, its saving and when the deal ends',
    picture: leafyGreens,
    link: paths.categoryDeals('vegetable'),
    action: 'Shop vegetable deals',
  },
  {
    title: "Don't miss amazing grocery deals",
    text: 'Deals of the day: the old price, the saving and a countdown to the end',
    picture: cart,
    link: `${paths.home}#home-deals`,
    action: 'See the deals',
  },
] as const;

/** One banner; the first is the page's main heading. */
export function BannerSlide({ slide, index }: { slide: (typeof SLIDES)[number]; index: number }) {
  return (
    <div className="flex items-center justify-between gap-6 px-12 pt-10 pb-14 md:px-20 md:pt-16 md:pb-20">
      <div className="max-w-xl">
        {index === 0 ? (
          <h1 className="text-3xl font-bold md:text-5xl">{slide.title}</h1>
        ) : (
          <h2 className="text-3xl font-bold md:text-5xl">{slide.title}</h2>
        )}
        <p className="mt-4 text-lg">{slide.text}</p>
        <Link to={slide.link} className="btn btn-primary mt-6">
          {slide.action}
        </Link>
      </div>
      <img
        src={slide.picture}
        alt=""
        width="256"
        height="256"
        fetchPriority={index === 0 ? 'high' : 'low'}
        className="hidden size-48 md:block lg:size-64"
      />
    </div>
  );
}
