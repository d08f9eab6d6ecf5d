import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { useToast } from '../../components/ui/toast';
import { MyClaims } from '../../features/claims/components/my-claims';
import { MyRentals } from '../../features/rentals/components/my-rentals';
import { RentalExtraContext } from '../../features/rentals/components/rental-extra';
import { MyRenterRatingSummary, OwnerRatingOfRental } from '../../features/reviews/components/owner-ratings-of-me';
import { ReviewModal, type ReviewTarget } from '../../features/reviews/components/review-modal';
import { DocumentTitle } from '../../lib/document-title';

/** /profile/rentals: the renter's rentals with confirm, review and cancel. */
export default function ProfileRentalsScreen() {
  const { t } = useLingui();
  const toast = useToast();
  const [reviewTarget, setReviewTarget] = useState<ReviewTarget | null>(null);
  return (
    <main className="pb-12">
      <DocumentTitle screen={t`My Rentals`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`My Rentals`} />
      {/* Issue 27: how owners rated the renter, published ratings only. */}
      <MyRenterRatingSummary className="mb-4" />
      {/* Issue 27: damage claims on the renter's rentals, with the answer form, above the list. */}
      <MyClaims role="renter" />
      <RentalExtraContext value={(rental) => (rental.status === 'Completed' ? <OwnerRatingOfRental rentalId={rental.id} /> : null)}>
        <MyRentals
          onReview={(rental) => setReviewTarget({ rentalId: rental.id, vehicleName: `${rental.vehicleMake} ${rental.vehicleModel}` })}
        />
      </RentalExtraContext>
      <ReviewModal
        target={reviewTarget}
        onClose={() => setReviewTarget(null)}
        onReviewed={(stars) => toast.success(t`Thank you! Your ${stars}-star review was saved.`)}
      />
    </main>
  );
}
