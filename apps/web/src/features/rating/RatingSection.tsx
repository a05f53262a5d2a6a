import { REVIEW_MESSAGES } from '@atrium/contracts';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showErrorToast } from '../../lib/notify';
import { reviewKeys, reviewsApi } from '../reviews/api';
import { ReviewDialog } from './ReviewDialog';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Spec 3 §2.6 and §4 "Rating flow": the student rating prompt under the navbar, shown only to a member
 * who has not reviewed while the studio has a Google review link. A star click posts the review; with a
 * link generated from the studio's Place ID, Google's review page opens in a new tab and the review is
 * marked posted on Google; otherwise the review dialog asks for the words.
 */
export function RatingSection() {
  const status = useQuery({ queryKey: reviewKeys.status, queryFn: reviewsApi.status, staleTime: 5 * 60_000 });
  const [rating, setRating] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ reviewId: string; stars: number } | null>(null);
  const [thanked, setThanked] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);

  const data = status.data;
  if (!data || (data.status === 'REVIEWED' && !thanked && !dialog) || !data.isGoogleReviewLinkPresent) return null;

  const choose = async (value: number) => {
    if (posting || thanked) return;
    setRating(value);
    const toGoogle = data.isGoogleLinkGenerated && data.googleReviewLink;
    // opened in the click itself, so the browser does not block it as a pop-up
    if (toGoogle) window.open(data.googleReviewLink ?? '', '_blank', 'noopener,noreferrer');
    setPosting(true);
    try {
      const posted = await reviewsApi.post({ stars: value, ...(toGoogle ? { isReviewedOnGoogle: true } : {}) });
      if (toGoogle) setThanked('Thank you for rating us! Your review opens on Google in a new tab.');
      else setDialog({ reviewId: posted.reviewResult._id, stars: value });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      showErrorToast(toGoogle ? `${REVIEW_MESSAGES.googleFailed} ${message}` : message);
      setRating(null);
    } finally {
      setPosting(false);
    }
  };

  const shown = hovered ?? rating ?? 0;
  return (
    <section className="rating-section" aria-label="Rate your experience">
      <div className="rating-section__inner">
        {thanked ? (
          <span role="status">{thanked}</span>
        ) : (
          <>
            <span>{REVIEW_MESSAGES.prompt}</span>
            <fieldset className="rating-section__stars" onMouseLeave={() => setHovered(null)} disabled={posting}>
              <legend className="atrium-visually-hidden">Rating</legend>
              {STARS.map((value) => (
                <button
                  key={value}
                  type="button"
                  className="rating-section__star"
                  data-filled={value <= shown}
                  aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
                  aria-pressed={rating === value}
                  onMouseEnter={() => setHovered(value)}
                  onClick={() => void choose(value)}
                >
                  {value <= shown ? <IconStarFilled size={22} aria-hidden /> : <IconStar size={22} aria-hidden />}
                </button>
              ))}
            </fieldset>
          </>
        )}
      </div>
      {dialog && (
        <ReviewDialog
          reviewId={dialog.reviewId}
          stars={dialog.stars}
          googleReviewLink={data.googleReviewLink}
          onClose={() => {
            setDialog(null);
            setThanked('Thank you for rating us!');
          }}
        />
      )}
    </section>
  );
}
