// Illustrations under public/content/ (scripts/gen-illustrations.mjs) with their
// intrinsic sizes, so next/image reserves the space (no layout shift).
import type { Img } from './types';

const img =
  (src: string, width = 1200, height = 600) =>
  (alt: string): Img => ({ src: `/content/${src}.png`, width, height, alt });

export const IMAGES = {
  slidePrices: img('home/slide-prices'),
  slidePlatforms: img('home/slide-platforms'),
  slideRegulators: img('home/slide-regulators'),
  farming1: img('products/farming-1'),
  farming2: img('products/farming-2'),
  ledger1: img('products/electronicLedger-1'),
  ledger2: img('products/electronicLedger-2'),
  distribution1: img('products/distributionSystem-1'),
  distribution2: img('products/distributionSystem-2'),
  enforce1: img('products/enforceSystem-1'),
  enforce2: img('products/enforceSystem-2'),
  garbage: img('solutions/garbage'),
  numberSupervise: img('solutions/numberSupervise'),
  shopExplore: img('solutions/shopExplore'),
  securitySolution: img('solutions/securitySolution'),
  team: img('about/team', 1200, 675),
  videoPoster: img('about/video-poster', 1280, 720),
} as const;

export const COMPANY_FILM = '/content/about/company-film.mp4';
export const captionsOf = (locale: string) => `/content/about/company-film.${locale}.vtt`;
