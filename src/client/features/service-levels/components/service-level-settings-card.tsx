/**
 * The admins' service-level settings (issue 31 item 3, decision 049), a card of /admin/settings (composed there by
 * app/): business hours per weekday (split shifts), the time zone, holidays (Portugal's preloaded), and each
 * tier's targets. The server checks every rule and answers in the reader's language; its refusal shows here.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Gauge, Plus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { errorMessage } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import type { ServiceLevelSettingsInput } from "@/shared/contracts/service-levels";
import { planLabel } from "@/shared/plans";
import { SERVICE_TIERS, type ServiceTier, WEEKDAYS, type Weekday } from "@/shared/service-levels";
import { type ServiceLevelSettings, serviceLevelsQueries, useSaveServiceLevels, useSweepServiceLevels } from "../api";

export function ServiceLevelSettingsCard() {
  const { t } = useLingui();
  const query = useQuery(serviceLevelsQueries.settings());
  return (
    <Card>
      <CardHeading
        icon={Gauge}
        title={t`Service levels`}
        description={t`Clocks run only in business hours, pause while waiting on the member, and stop when resolved. The owner (or, unowned, the admins) is warned 15 minutes before a target falls due.`}
      />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading the service levels`} items={["h-40", "h-24", "h-24"]} />}
          errorFallback={t`Failed to load the service levels`}
        >
          {(data) => <SettingsForm settings={data} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

type Draft = ServiceLevelSettingsInput;

function draftOf(settings: ServiceLevelSettings): Draft {
  return {
    timeZone: settings.timeZone,
    hours: settings.hours,
    holidays: settings.holidays,
    targets: settings.targets,
  };
}

function SettingsForm({ settings }: { settings: ServiceLevelSettings }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveServiceLevels();
  const sweep = useSweepServiceLevels();
  const zoneId = useId();
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const days: Record<Weekday, string> = {
    mon: t`Monday`,
    tue: t`Tuesday`,
    wed: t`Wednesday`,
    thu: t`Thursday`,
    fri: t`Friday`,
    sat: t`Saturday`,
    sun: t`Sunday`,
  };
  const setShifts = (day: Weekday, shifts: Draft["hours"][Weekday]) =>
    setDraft((d) => ({ ...d, hours: { ...d.hours, [day]: shifts } }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(draft, {
      onSuccess: () => toast.success(t`Service levels saved`),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <form onSubmit={onSubmit} className="flex min-w-0 flex-col gap-8 text-sm" aria-label={t`Service levels`}>
      <div className="flex flex-col gap-2 sm:max-w-sm">
        <Label htmlFor={zoneId}>{t`Time zone`}</Label>
        <Input
          id={zoneId}
          value={draft.timeZone}
          onChange={(e) => setDraft((d) => ({ ...d, timeZone: e.target.value }))}
          autoComplete="off"
          spellCheck={false}
        />
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 font-serif text-xl">{t`Business hours`}</legend>
        <div className="divide-y divide-stone border-y border-stone">
          {WEEKDAYS.map((day) => (
            <div key={day} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr] sm:items-start">
              <span className="pt-2 font-medium">{days[day]}</span>
              <div className="flex flex-col gap-2">
                {draft.hours[day].length === 0 && <span className="pt-2 text-ink-muted">{t`No hours`}</span>}
                {draft.hours[day].map((shift, index) => (
                  <div key={index} className="flex flex-wrap items-center gap-2">
                    <Input
                      type="time"
                      className="h-9 w-[7.5rem]"
                      aria-label={t`${days[day]}, shift ${index + 1} starts`}
                      value={shift.start === "24:00" ? "23:59" : shift.start}
                      onChange={(e) =>
                        setShifts(
                          day,
                          draft.hours[day].map((s, i) => (i === index ? { ...s, start: e.target.value } : s)),
                        )
                      }
                    />
                    <span aria-hidden>–</span>
                    <Input
                      type="time"
                      className="h-9 w-[7.5rem]"
                      aria-label={t`${days[day]}, shift ${index + 1} ends`}
                      value={shift.end === "24:00" ? "00:00" : shift.end}
                      onChange={(e) =>
                        setShifts(
                          day,
                          draft.hours[day].map((s, i) =>
                            i === index ? { ...s, end: e.target.value === "00:00" ? "24:00" : e.target.value } : s,
                          ),
                        )
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t`Remove ${days[day]}, shift ${index + 1}`}
                      onClick={() =>
                        setShifts(
                          day,
                          draft.hours[day].filter((_, i) => i !== index),
                        )
                      }
                    >
                      <X aria-hidden className="size-4" />
                    </Button>
                  </div>
                ))}
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      const last = draft.hours[day].at(-1);
                      const next = last ? { start: last.end, end: "24:00" } : { start: "09:00", end: "18:00" };
                      setShifts(day, [...draft.hours[day], next]);
                    }}
                  >
                    <Plus aria-hidden className="size-4" />
                    {t`Add a shift on ${days[day]}`}
                  </Button>
                </div>
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      <Holidays draft={draft} setDraft={setDraft} />

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 font-serif text-xl">{t`Targets, in business time`}</legend>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[22rem] text-left">
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-normal">
                  {t`Tier`}
                </th>
                <th scope="col" className="py-2 pr-3 font-normal">
                  {t`First reply (min)`}
                </th>
                <th scope="col" className="py-2 pr-3 font-normal">
                  {t`Next reply (min)`}
                </th>
                <th scope="col" className="py-2 font-normal">
                  {t`Resolution (hours)`}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone border-y border-stone">
              {[...SERVICE_TIERS].reverse().map((tier) => (
                <TargetRow key={tier} tier={tier} draft={draft} setDraft={setDraft} />
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="rounded-md border border-oxblood/30 bg-oxblood/10 px-4 py-3 text-oxblood">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {t`Save service levels`}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={sweep.isPending}
          onClick={() =>
            sweep.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(result.warned === 0 ? t`No warning due now` : t`Breach warnings sent: ${result.warned}`),
              onError: (failure) => toastFailure(failure),
            })
          }
        >
          {t`Send due warnings now`}
        </Button>
      </div>
    </form>
  );
}

function TargetRow({
  tier,
  draft,
  setDraft,
}: {
  tier: ServiceTier;
  draft: Draft;
  setDraft: React.Dispatch<React.SetStateAction<Draft>>;
}) {
  const { t } = useLingui();
  const targets = draft.targets[tier];
  const set = (field: keyof typeof targets, value: number) =>
    setDraft((d) => ({ ...d, targets: { ...d.targets, [tier]: { ...d.targets[tier], [field]: value } } }));
  const label = planLabel(tier);
  return (
    <tr>
      <th scope="row" className="py-2 pr-3 font-medium">
        {label}
      </th>
      <td className="py-2 pr-3">
        <Input
          type="number"
          inputMode="numeric"
          className="h-9 w-28"
          aria-label={t`${label}: first reply, minutes`}
          value={targets.firstReplyMinutes}
          onChange={(e) => set("firstReplyMinutes", e.target.valueAsNumber)}
        />
      </td>
      <td className="py-2 pr-3">
        <Input
          type="number"
          inputMode="numeric"
          className="h-9 w-28"
          aria-label={t`${label}: next reply, minutes`}
          value={targets.nextReplyMinutes}
          onChange={(e) => set("nextReplyMinutes", e.target.valueAsNumber)}
        />
      </td>
      <td className="py-2">
        <Input
          type="number"
          inputMode="decimal"
          step="0.5"
          className="h-9 w-28"
          aria-label={t`${label}: resolution, hours`}
          value={targets.resolutionMinutes / 60}
          onChange={(e) => set("resolutionMinutes", Math.round(e.target.valueAsNumber * 60))}
        />
      </td>
    </tr>
  );
}

function Holidays({ draft, setDraft }: { draft: Draft; setDraft: React.Dispatch<React.SetStateAction<Draft>> }) {
  const { t } = useLingui();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const dateId = useId();
  const nameId = useId();
  function add() {
    if (!date) return;
    setDraft((d) => ({
      ...d,
      holidays: [...d.holidays, { date, name: name.trim() || date }].sort((a, b) => a.date.localeCompare(b.date)),
    }));
    setDate("");
    setName("");
  }
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 font-serif text-xl">{t`Holidays`}</legend>
      <p className="text-ink-muted">
        <Trans>Portugal's national holidays are preloaded for this year and next. No clock runs on a holiday.</Trans>
      </p>
      <ul className="grid max-h-72 gap-x-6 overflow-y-auto border-y border-stone sm:grid-cols-2">
        {draft.holidays.map((holiday) => (
          <li key={holiday.date} className="flex items-center justify-between gap-3 border-b border-stone/60 py-1.5">
            <span className="min-w-0">
              <span className="tabular mr-3">{holiday.date}</span>
              <span className="text-ink-muted">{holiday.name}</span>
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t`Remove the holiday ${holiday.date} ${holiday.name}`}
              onClick={() => setDraft((d) => ({ ...d, holidays: d.holidays.filter((h) => h.date !== holiday.date) }))}
            >
              <X aria-hidden className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={dateId}>{t`Date`}</Label>
          <Input id={dateId} type="date" className="h-9 w-44" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={nameId}>{t`Name`}</Label>
          <Input
            id={nameId}
            className="h-9 w-56"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={!date}>
          <Plus aria-hidden className="size-4" />
          {t`Add holiday`}
        </Button>
      </div>
    </fieldset>
  );
}
