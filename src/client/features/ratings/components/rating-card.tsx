/**
 * The member's rating of a delivery (issue 31 item 5, decision 051): once receipt is confirmed, a calm card asks
 * for 1 to 5 stars and an optional comment. "Later" folds it to one line on the same page (remembered on this
 * device), from which it can be given at any time; once given, it says thank you with the score.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { RATING_COMMENT_MAX } from "@/shared/contracts/ratings-texts";
import { ratingsQueries, useRateRequest } from "../api";

const laterKey = (requestId: string) => `maison.rating-later.${requestId}`;
const readLater = (requestId: string) => {
  try {
    return window.localStorage.getItem(laterKey(requestId)) === "1";
  } catch {
    return false;
  }
};

/** Five stars as native radio buttons (arrows move between them): the chosen one and those before it filled. */
export function StarPicker({
  value,
  onChange,
  legend,
}: {
  value: number;
  onChange: (score: number) => void;
  legend: string;
}) {
  const { t } = useLingui();
  const name = useId();
  const labels = [t`1 out of 5: poor`, t`2 out of 5`, t`3 out of 5`, t`4 out of 5`, t`5 out of 5: excellent`];
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {labels.map((label, index) => {
          const score = index + 1;
          return (
            <label
              key={label}
              className="relative cursor-pointer rounded-md p-1.5 text-gold-deep transition-colors hover:bg-ivory-deep has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold"
            >
              <input
                type="radio"
                name={name}
                value={score}
                checked={value === score}
                onChange={() => onChange(score)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <Star
                aria-hidden
                strokeWidth={1.5}
                className={cn("pointer-events-none size-7", score <= value && "fill-current")}
              />
              <span className="sr-only">{label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The rating of the request's delivery: asked once receipt is confirmed; nothing before. */
export function RatingCard({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(ratingsQueries.requestRating(requestId));
  const rate = useRateRequest(requestId);
  const [later, setLater] = useState(() => readLater(requestId));
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const state = query.data;
  if (!state || state.state === "unavailable") return null;

  if (state.state === "given" && state.rating) {
    const given = state.rating.score;
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 text-sm">
          <span className="flex text-gold-deep" role="img" aria-label={t`${given} out of 5`}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Star key={n} aria-hidden strokeWidth={1.5} className={cn("size-4", n <= given && "fill-current")} />
            ))}
          </span>
          <span>{t`Thank you for rating this delivery.`}</span>
        </CardContent>
      </Card>
    );
  }

  const remember = (value: boolean) => {
    setLater(value);
    try {
      if (value) window.localStorage.setItem(laterKey(requestId), "1");
      else window.localStorage.removeItem(laterKey(requestId));
    } catch {}
  };

  if (later) {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-ink-muted">{t`You can rate this delivery whenever you like.`}</span>
          <Button variant="outline" size="sm" onClick={() => remember(false)}>
            <Star aria-hidden /> {t`Rate this delivery`}
          </Button>
        </CardContent>
      </Card>
    );
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!score) {
      setError(t`Please choose a rating from 1 to 5`);
      return;
    }
    try {
      await rate.mutateAsync({ score, comment: comment.trim() || undefined });
    } catch (failure) {
      setError(errorMessage(failure, t`We could not send your rating. Please try again.`));
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeading
        icon={Star}
        title={<span id={`${id}-title`}>{t`How was your experience?`}</span>}
        description={t`Your rating goes to the team who looked after this request. It takes a moment.`}
      />
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <StarPicker
            value={score}
            legend={t`Your rating`}
            onChange={(next) => {
              setScore(next);
              setError(null);
            }}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-comment`}>{t`Anything you would like to tell us? (optional)`}</Label>
            <Textarea
              id={`${id}-comment`}
              value={comment}
              maxLength={RATING_COMMENT_MAX}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-oxblood">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={rate.isPending}>
              {rate.isPending ? t`Sending…` : t`Send rating`}
            </Button>
            <Button type="button" variant="ghost" onClick={() => remember(true)}>
              {t`Later`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
