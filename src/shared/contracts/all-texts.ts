/**
 * Every domain's keyed texts at once, for the two places any of them may arrive by its English or its key alone
 * (decision 028): the server's error answers (src/server/http/errors.ts keys a refusal's English with keyOf)
 * and the client's error and server-text display (src/client/lib/api.ts translates a key the web build
 * registered where the text's module is bundled). keyOf knows a text once its group is loaded (../texts.ts).
 * Imports for their effect only: each text keeps its one name, in its domain's file.
 */
import "./common-texts";
import "./account-texts";
import "./billing-texts";
import "./concierge-texts";
import "./inbox-texts";
import "./notifications-texts";
import "./platform-texts";
import "./qa-texts";
import "./quotes-texts";
import "./replies-texts";
import "./requests-texts";
import "./sales-texts";
import "./search-texts";
import "./service-levels-texts";
