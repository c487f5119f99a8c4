/**
 * Staff: the card members see when this staff member owns their request or concierge conversation (issue 34
 * item 1): the name they go by, a short line and a photo, with a preview as members see it.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ConciergeCard } from "@/client/components/staff-card";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { STAFF_PHOTO_TYPES, staffCardInput } from "@/shared/staff-card";
import { staffCardQuery, useStaffCard } from "../api";

export function StaffCardForm() {
  const { t } = useLingui();
  const settings = useQuery(staffCardQuery());
  const { save, upload, removePhoto } = useStaffCard();
  const [publicName, setPublicName] = useState("");
  const [headline, setHeadline] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const data = settings.data;

  useEffect(() => {
    if (!data) return;
    setPublicName(data.publicName);
    setHeadline(data.headline);
  }, [data]);

  if (!data) {
    return (
      <Card aria-busy="true" aria-label={t`Loading your card`}>
        <CardContent className="flex flex-col gap-4 pt-6">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-10" />
        </CardContent>
      </Card>
    );
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const parsed = staffCardInput.safeParse({ publicName, headline });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t`Your card is saved`);
    } catch (failure) {
      setError(errorMessage(failure, t`Your card could not be saved`));
    }
  }

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success(t`Your photo is saved`);
    } catch (failure) {
      toastFailure(failure, t`Your photo could not be saved`);
    } finally {
      setProgress(null);
    }
  }

  const preview = { ...data.card, name: publicName.trim() || data.card.name, headline: headline.trim() || null };
  const dirty = publicName !== data.publicName || headline !== data.headline;

  return (
    <Card role="region" aria-label={t`How members see you`}>
      <CardHeading
        title={t`How members see you`}
        description={t`Members whose requests or concierge conversations you own see your name, line and photo.`}
      />
      <CardContent className="flex flex-col gap-6">
        <div className="rounded-lg border border-stone bg-ivory-deep/50 px-5 py-4">
          <ConciergeCard card={preview} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            type="file"
            accept={STAFF_PHOTO_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={onPhoto}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={progress !== null}
          >
            {data.card.photoUrl ? t`Change photo` : t`Add a photo`}
          </Button>
          {data.card.photoUrl && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={removePhoto.isPending || progress !== null}
              onClick={() =>
                removePhoto.mutate(undefined, { onError: (e) => toastFailure(e, t`Your photo could not be removed`) })
              }
            >
              {t`Remove photo`}
            </Button>
          )}
          {progress !== null && (
            <progress
              className="h-1.5 w-40 accent-gold"
              value={progress}
              max={1}
              aria-label={t`Uploading your photo`}
            />
          )}
          <p className="w-full text-xs text-ink-muted">{t`JPEG, PNG or WebP. A square photo of your face looks best.`}</p>
        </div>
        <form onSubmit={onSave} className="grid gap-5 sm:grid-cols-2" noValidate>
          <FormField id="card-name" label={t`Name members see`} hint={t`Leave it empty to use your profile's name.`}>
            <Input id="card-name" value={publicName} maxLength={60} onChange={(e) => setPublicName(e.target.value)} />
          </FormField>
          <FormField id="card-headline" label={t`Your line`} hint={t`For example: Watches and jewellery, Lisbon`}>
            <Input id="card-headline" value={headline} maxLength={80} onChange={(e) => setHeadline(e.target.value)} />
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-oxblood sm:col-span-2">
              {error}
            </p>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending || !dirty}>
              {save.isPending ? t`Saving…` : t`Save card`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
