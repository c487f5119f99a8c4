/**
 * "Concierge team online" (issue 31 item 4, decision 051): shown to members while a staff member has been active
 * in the last five minutes; nothing otherwise (the reply time beside it says what to expect).
 */
import { useLingui } from "@lingui/react/macro";
import { useTeamOnline } from "../api";

export function TeamOnline() {
  const { t } = useLingui();
  const online = useTeamOnline();
  return (
    <p role="status" className="flex items-center gap-1.5 text-xs text-forest">
      {online && (
        <>
          <span aria-hidden className="size-2 rounded-full bg-forest" />
          {t`Concierge team online`}
        </>
      )}
    </p>
  );
}
