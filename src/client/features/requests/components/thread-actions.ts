/**
 * What the member's and the staff's request threads both do: mark the thread read on opening and whenever
 * messages from the other side arrive, send with the spec's toasts, and name each message's sender.
 */
import { useEffect } from "react";
import { toast } from "sonner";
import { ApiError } from "@/client/lib/api";
import { MESSAGE_FILE_ACCEPT, MESSAGE_FILES_MAX } from "@/shared/message-files";
import { markThreadRead, type ThreadMessage, uploadMessageFile } from "../api";

export function senderLabel(message: ThreadMessage) {
  if (message.mine) return "You";
  if (!message.sender) return "Former member";
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: marked again when messages from the other side arrive
  useEffect(() => {
    if (loaded) void markThreadRead(requestId).catch(() => undefined);
  }, [requestId, loaded, fromOthers]);

  return async function onSend(body: string, fileIds: string[] = []) {
    try {
      await send(body, fileIds);
      toast.success("Message sent");
      return true;
    } catch (error) {
      // The spec's failure toast; a member writing too fast is told why instead.
      toast.error(
        error instanceof ApiError && error.code === "rate_limited" ? error.message : "Failed to send message",
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
