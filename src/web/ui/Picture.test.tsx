import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Picture } from './Picture.tsx';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('Picture', () => {
  it('offers an uploaded picture in AVIF, then WebP, at every stored width, sized and lazy', () => {
    const { container } = render(
      <Picture
        src={`/uploads/${ID}.webp`}
        alt="Apples"
        width={400}
        height={400}
        sizes="(min-width: 768px) 30vw, 45vw"
      />,
    );
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toBe(
      `/uploads/${ID}-200.avif 200w, /uploads/${ID}-400.avif 400w, /uploads/${ID}-800.avif 800w, /uploads/${ID}.avif 1200w`,
    );
    expect(source?.getAttribute('sizes')).toBe('(min-width: 768px) 30vw, 45vw');
    const img = screen.getByRole('img', { name: 'Apples' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.getAttribute('srcset')).toBe(
      `/uploads/${ID}-200.webp 200w, /uploads/${ID}-400.webp 400w, /uploads/${ID}-800.webp 800w, /uploads/${ID}.webp 1200w`,
    );
    expect(img.getAttribute('src')).toBe(`/uploads/${ID}.webp`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('keeps the bucket address of a picture stored in S3', () => {
    const { container } = render(
      <Picture src={`https://cdn.example/pictures/${ID}.webp`} alt="" width={48} height={48} sizes="48px" />,
    );
    expect(container.querySelector('source')?.getAttribute('srcset')).toMatch(
      new RegExp(`^https://cdn\\.example/pictures/${ID}-200\\.avif 200w, `),
    );
  });

  it('loads the page’s largest picture first, not lazily', () => {
    render(<Picture src={`/uploads/${ID}.webp`} alt="Apples" width={600} height={600} sizes="100vw" priority />);
    const img = screen.getByRole('img', { name: 'Apples' });
    expect(img.getAttribute('loading')).toBeNull();
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows any other address as a plain picture', () => {
    const avatar = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    const { container } = render(<Picture src={avatar} alt="Sam" width={48} height={48} sizes="48px" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Sam' });
    expect(img.getAttribute('src')).toBe(avatar);
    expect(img.getAttribute('srcset')).toBeNull();
  });

  it('falls back to the stored WebP when a variant fails to load', () => {
    const { container } = render(
      <Picture src={`/uploads/${ID}.webp`} alt="Apples" width={400} height={400} sizes="45vw" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Apples' }));
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Apples' });
    expect(img.getAttribute('src')).toBe(`/uploads/${ID}.webp`);
    expect(img.getAttribute('srcset')).toBeNull();
  });
});
