/** The status filter of the member's and the staff's request lists: "all" or one of the spec's statuses. */
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
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
  return (
    <Select value={value} onValueChange={(next) => onChange(next as RequestStatus | typeof ALL_STATUSES)}>
      <SelectTrigger aria-label="Filter by status" className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_STATUSES}>All statuses</SelectItem>
        {REQUEST_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
