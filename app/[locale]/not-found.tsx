import { NotFoundContent, notFoundMetadata } from '@/components/shared/not-found-content';

export const generateMetadata = notFoundMetadata;

// Pages live in the (desktop) and (mobile) groups, whose own not-found pages keep
// the site chrome (unknown URLs reach (desktop)/[...rest]); this one is the last resort.
export default function NotFound() {
  return (
    <main id="main">
      <NotFoundContent />
    </main>
  );
}
