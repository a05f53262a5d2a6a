import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Spec 3 §2.6 student rating prompt under the navbar. The review call and its dialog come with
 * the reviews feature; for now the choice is kept locally.
 */
export function RatingSection() {
  const [rating, setRating] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? rating ?? 0;
  return (
    <section className="rating-section" aria-label="Rate your experience">
      <div className="rating-section__inner">
        <span>Thank you for being a member! How would you rate your experience?</span>
        <fieldset className="rating-section__stars" onMouseLeave={() => setHovered(null)}>
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
              onClick={() => setRating(value)}
            >
              {value <= shown ? <IconStarFilled size={22} aria-hidden /> : <IconStar size={22} aria-hidden />}
            </button>
          ))}
        </fieldset>
        {rating ? <span role="status">Thanks! You rated us {rating} out of 5.</span> : null}
      </div>
    </section>
  );
}
