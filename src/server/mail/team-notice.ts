/** A notice to the team about a request, as every domain writes one (decision 008: shared infrastructure). */
import type { Notice, NoticeReader, NotificationType } from "@/shared/contracts/notifications";
import { MAIL_TEXTS } from "./texts";

/** What a notice to the team says: its title is also its email's subject. */
export interface TeamNoticeTexts {
  title: string;
  body: string;
  heading: string;
  paragraphs: string[];
  /** A message from a person, quoted. */
  quote?: string;
}

/**
 * A notice to the team about a request (every staff member, unless `to` names one or "admins"), leading to it in
 * admin; its email (`reason`, the notice's type unless given) opens the request.
 */
export function teamNotice(input: {
  type: NotificationType;
  to?: string;
  reason?: string;
  requestId: string;
  /** Also mail the team's mailboxes (Notice's teamMail). */
  teamMail?: boolean;
  texts: (reader: NoticeReader) => TeamNoticeTexts;
}): Notice {
  const { type, to = "staff", reason = type, requestId, teamMail, texts } = input;
  return {
    type,
    to,
    ...(teamMail === undefined ? {} : { teamMail }),
    requestId,
    link: `/admin/requests/${requestId}`,
    texts: (reader) => {
      const { title, body, ...email } = texts(reader);
      return {
        title,
        body,
        email: { reason, subject: title, ...email, actionLabel: reader.t(MAIL_TEXTS.openRequest) },
      };
    },
  };
}
