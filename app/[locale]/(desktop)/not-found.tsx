import { NotFoundContent, notFoundMetadata } from '@/components/shared/not-found-content';

export const generateMetadata = notFoundMetadata;

/** Unknown URLs and missing content keep the desktop chrome (the layout's) so the visitor can navigate on. */
export default function NotFound() {
  return <NotFoundContent />;
}
