/**
 * What the member's and the staff's request threads both do: mark the thread read on opening and whenever
 * messages from the other side arrive, send with the spec's toasts, and name each message's sender.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "@/client/lib/api";
import { i18n } from "@/client/lib/i18n";
import { MESSAGE_FILE_ACCEPT, MESSAGE_FILES_MAX } from "@/shared/message-files";
import { markThreadRead, type ThreadMessage, uploadMessageFile } from "../api";

const YOU = msg`You`;
const FORMER_MEMBER = msg`Former member`;

export function senderLabel(message: ThreadMessage) {
  if (message.mine) return i18n._(YOU);
  if (!message.sender) return i18n._(FORMER_MEMBER);
  return message.sender.name || message.sender.email;
}

/**
 * Marks the thread read once it loaded and again when `fromOthers` (the count of the other side's messages)
 * grows; returns the composer's send, true when the message went.
 */
export function useThreadActions(
  requestId: string,
  loaded: boolean,
  fromOthers: number,
  send: (body: string, fileIds: string[]) => Promise<unknown>,
) {
  const { t } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: marked again when messages from the other side arrive
  useEffect(() => {
    if (loaded) void markThreadRead(requestId).catch(() => undefined);
  }, [requestId, loaded, fromOthers]);

  return async function onSend(body: string, fileIds: string[] = []) {
    try {
      await send(body, fileIds);
      toast.success(t`Message sent`);
      return true;
    } catch (error) {
      // The spec's failure toast; a member writing too fast is told why instead.
      toast.error(
        error instanceof ApiError && error.code === "rate_limited" ? errorMessage(error) : t`Failed to send message`,
      );
      return false;
    }
  };
}

/** The composer's attachment slot for a request's thread (issue 22 item 6). */
export const threadAttachments = (requestId: string) => ({
  upload: (file: File, onProgress: (fraction: number) => void) => uploadMessageFile(requestId, file, onProgress),
  max: MESSAGE_FILES_MAX,
  accept: MESSAGE_FILE_ACCEPT,
});
