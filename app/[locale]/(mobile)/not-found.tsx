import { NotFoundContent, notFoundMetadata } from '@/components/shared/not-found-content';

export const generateMetadata = notFoundMetadata;

/** Missing content on a mobile page keeps the mobile chrome (the layout's) so the visitor can navigate on. */
export default function NotFound() {
  return <NotFoundContent />;
}
