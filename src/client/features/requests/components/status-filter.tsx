/** The status filter of the member's and the staff's request lists: "all" or one of the spec's statuses. */
import { useLingui } from "@lingui/react/macro";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { STATUS_LABELS } from "@/shared/labels";
import { REQUEST_STATUSES, type RequestStatus } from "@/shared/requests";

export const ALL_STATUSES = "all";

export function StatusFilter({
  value,
  onChange,
  className,
}: {
  value: RequestStatus | typeof ALL_STATUSES;
  onChange: (value: RequestStatus | typeof ALL_STATUSES) => void;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <Select value={value} onValueChange={(next) => onChange(next as RequestStatus | typeof ALL_STATUSES)}>
      <SelectTrigger aria-label={t`Filter by status`} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_STATUSES}>{t`All statuses`}</SelectItem>
        {REQUEST_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {i18n._(STATUS_LABELS[status])}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
